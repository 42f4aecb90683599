// sgemm_small: 32×32×32.
#include "gemm_fixture.h"

TUNE_FIXTURE(sgemm_small, fx) { shipped_kernels::sgemm_fixture(fx, 32, 32, 32); }
