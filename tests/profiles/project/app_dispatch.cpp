// vec and pair bound at load time to the running CPU's class seats (tune_link(... DISPATCH)): calls
// both, then prints one line per family, "bound <family> <row> <source>|<class>".
// APP_FAKE_XCR0=<hex> is the fake-CPUID seam (tune/dispatch.h): this CPU's leaves, with an OS that
// saves only that register state.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <tune/kernels/pair.h>
#include <tune/kernels/vec.h>
#include <tune/status.h>

extern "C" bool tune_dispatch_cpuid(tune::detail::cpu::cpuid_leaves* leaves) {
  const char* xcr0 = std::getenv("APP_FAKE_XCR0");
  if (!xcr0) return false;
  *leaves = tune::detail::cpu::read_cpuid_leaves();
  leaves->xcr0 = std::strtoull(xcr0, nullptr, 16);
  return true;
}

int main() {
  const std::vector<float> a(1000, 1.0f);
  std::printf("vec=%.0f pair=%.0f\n", vec(a.data(), a.size()), pair(a.data(), a.size()));
  for (const auto& f : tune::status())
    std::printf("bound %s %s %s|%s\n", f.name.c_str(), f.suffix.c_str(), f.source.c_str(), f.cpu_class.c_str());
  return 0;
}
