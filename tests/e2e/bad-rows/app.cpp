#include <tune/kernels/dot.h>
#include <tune/kernels/scale.h>
#if WITH_BROKEN
#include <tune/kernels/broken.h>
#endif
#include <tune/status.h>

#include <cstdio>
#include <vector>

// Prints what it computes and fails when a stamped row computes something else.
int main() {
  std::vector<float> a(1000, 1.0f), b(1000, 2.0f), out(1000);
  const float d = dot(a.data(), b.data(), a.size());
  scale(a.data(), out.data(), out.size());
  std::printf("dot=%g scale=%g\n", d, out[999]);
  tune::log_status("bad-rows app");
  return d == 2000.0f && out[999] == 2.0f ? 0 : 1;
}
