// sgemm_large: 384×384×384.
#include "gemm_fixture.h"

TUNE_FIXTURE(sgemm_large, fx) { shipped_kernels::sgemm_fixture(fx, 384, 384, 384); }
