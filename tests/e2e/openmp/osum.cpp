#include <tune/kernel.h>

#include <cstddef>

#if TUNE_AXIS_IMPL_IS_shared
// Real state shared with whoever links this row: isolation refuses it.
double osum_total = 0;
#endif

double TUNE_ENTRY(const double* x, std::size_t n) {
  const long count = static_cast<long>(n);
  double s = 0;
  if (TUNE_AXIS_IS(IMPL, serial)) {
    for (long i = 0; i < count; ++i) s += x[i];
  } else if (TUNE_AXIS_IS(IMPL, reduction)) {
#pragma omp parallel for reduction(+ : s)
    for (long i = 0; i < count; ++i) s += x[i];
  } else if (TUNE_AXIS_IS(IMPL, critical)) {
#pragma omp parallel
    {
      double partial = 0;
#pragma omp for nowait
      for (long i = 0; i < count; ++i) partial += x[i];
#pragma omp critical(osum_join)
      s += partial;
#pragma omp critical
      s += 0;
    }
  } else if (TUNE_AXIS_IS(IMPL, atomic)) {
#pragma omp parallel
    {
      double partial = 0;
#pragma omp for nowait
      for (long i = 0; i < count; ++i) partial += x[i];
#pragma omp atomic
      s += partial;
    }
  } else {
#if TUNE_AXIS_IMPL_IS_shared
    osum_total = 0;
    for (long i = 0; i < count; ++i) osum_total += x[i];
    s = osum_total;
#endif
  }
  return s;
}
