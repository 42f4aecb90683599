// Calls the dispatched family once and prints what it bound: "bound <row> <source>|<class>".
#include <cstdio>

#include <tune/kernels/probe.h>
#include <tune/status.h>

int main() {
  const int y = probe(21);
  for (const auto& f : tune::status())
    std::printf("bound %s %s|%s\n", f.suffix.c_str(), f.source.c_str(), f.cpu_class.c_str());
  return y == 42 ? 0 : 1;
}
