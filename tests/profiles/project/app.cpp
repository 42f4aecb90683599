// Calls both families through their stamps and prints the run-time status (tune/status.h).
#include <cstdio>
#include <vector>

#include <tune/kernels/pair.h>
#include <tune/kernels/vec.h>
#include <tune/status.h>

int main() {
  const std::vector<float> a(1000, 1.0f);
  std::printf("vec=%.0f pair=%.0f\n", vec(a.data(), a.size()), pair(a.data(), a.size()));
  tune::log_status("app", stdout);
  return 0;
}
