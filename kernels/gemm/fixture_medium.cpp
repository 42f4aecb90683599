// sgemm_medium: 128×128×128.
#include "gemm_fixture.h"

TUNE_FIXTURE(sgemm_medium, fx) { shipped_kernels::sgemm_fixture(fx, 128, 128, 128); }
