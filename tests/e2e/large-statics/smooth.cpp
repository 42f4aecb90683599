#include <tune/kernel.h>

#include <cstddef>

// A three-point smoothing through a static scratch buffer of 64 MiB, as a stencil with a fixed
// halo buffer would keep one: each row spreads its writes by STRIDE. Beside it, 256 KiB of
// initialized tables.
namespace {
constexpr std::size_t scratch_floats = std::size_t{16} << 20;
float scratch[scratch_floats];
// Initialized statics past GCC's 64 KiB threshold, as a kernel's coefficient and history tables
// would be: a read-only one (.rodata) and a written one (.data). Volatile, so the compiler neither
// folds a read nor drops a table.
constexpr std::size_t table_floats = std::size_t{32} << 10;
volatile const float gain[table_floats] = {1.0f};
volatile float history[table_floats] = {1.0f};
}  // namespace

float TUNE_ENTRY(const float* x, std::size_t n) {
  constexpr std::size_t stride = TUNE_AXIS(STRIDE);
  for (std::size_t i = 0; i < n; ++i) scratch[(i * stride) % scratch_floats] = x[i];
  float sum = 0;
  for (std::size_t i = 1; i + 1 < n; ++i)
    sum += scratch[((i - 1) * stride) % scratch_floats] + scratch[(i * stride) % scratch_floats] +
           scratch[((i + 1) * stride) % scratch_floats];
  history[n % table_floats] = sum;
  return sum * gain[0];
}
