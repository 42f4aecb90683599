#include <tune/kernels/planted.h>
#include <tune/kernels/twins.h>
#include <tune/status.h>

#include <cstdio>
#include <vector>

int main() {
  std::vector<float> a(1000, 1.0f);
  std::printf("planted=%g twins=%g\n", planted(a.data(), a.size()), twins(a.data(), a.size()));
  std::fflush(stdout);
  tune::log_status("app");
  return planted(a.data(), a.size()) == 1000.0f && twins(a.data(), a.size()) == 1000.0f ? 0 : 1;
}
