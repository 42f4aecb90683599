// sgemm's fixture: square inputs of its shape's size (kernels/CMakeLists.txt SHAPES). The body runs
// once per shape, fx.shape() naming it.
#include "gemm_fixture.h"

#include <cstddef>
#include <stdexcept>
#include <string>

TUNE_FIXTURE(sgemm, fx) {
  const std::string& shape = fx.shape();
  const std::size_t size = shape == "small" ? 32 : shape == "medium" ? 128 : shape == "large" ? 384 : 0;
  if (size == 0) throw std::invalid_argument("sgemm fixture: no inputs for shape '" + shape + "'");
  shipped_kernels::sgemm_fixture(fx, size, size, size);
}
