// Calls the shipped families through their stamps. Each name below is a direct call to the row
// this build stamped; sgemm calls its shape's row, chosen by the size (SHAPES in
// kernels/CMakeLists.txt). The first lines of each generated tune/kernels/<family>.h say which row
// and why (sidecar, profile, fallback or reference).
#include <tune/kernels/dot.h>
#include <tune/kernels/sgemm.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <random>
#include <vector>

namespace {

using sgemm_fn = void (*)(const float*, const float*, float*, std::size_t, std::size_t, std::size_t);

std::vector<float> random_values(std::size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (float& x : v) x = uniform(rng);
  return v;
}

void show_dot(std::mt19937& rng) {
  const std::size_t n = 4096;
  const auto a = random_values(n, rng);
  const auto b = random_values(n, rng);
  double exact = 0.0;
  for (std::size_t i = 0; i < n; ++i) exact += static_cast<double>(a[i]) * b[i];
  std::printf("dot           n=%-4zu  result %.6f  (double precision: %.6f)\n", n, dot(a.data(), b.data(), n), exact);
}

// Largest |c − a·b| over c, with a·b summed in double precision.
double gemm_error(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c,
                  std::size_t size) {
  double worst = 0.0;
  for (std::size_t i = 0; i < size; ++i)
    for (std::size_t j = 0; j < size; ++j) {
      double exact = 0.0;
      for (std::size_t p = 0; p < size; ++p) exact += static_cast<double>(a[i * size + p]) * b[p * size + j];
      worst = std::max(worst, std::fabs(exact - c[i * size + j]));
    }
  return worst;
}

void show_gemm(const char* name, sgemm_fn gemm, std::size_t size, std::mt19937& rng) {
  const auto a = random_values(size * size, rng);
  const auto b = random_values(size * size, rng);
  std::vector<float> c(size * size);
  gemm(a.data(), b.data(), c.data(), size, size, size);
  std::printf("%-13s %3zux%zux%zu  c[0][0] %.6f  largest error %.2e\n", name, size, size, size, c[0],
              gemm_error(a, b, c, size));
}

}  // namespace

int main() {
  std::mt19937 rng(2024);
  show_dot(rng);
  show_gemm("sgemm@small", sgemm, 32, rng);
  show_gemm("sgemm@medium", sgemm, 128, rng);
  show_gemm("sgemm@large", sgemm, 384, rng);
}
