#include <tune/kernel.h>

#include <omp.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>

double TUNE_ENTRY(const double* x, std::size_t n) {
  double s = 0;
  if (TUNE_AXIS_IS(IMPL, serial)) {
    for (std::size_t i = 0; i < n; ++i) s += x[i];
    return s;
  }
  // Once per process (and per relocated copy): the pool size this row's OpenMP runtime was given,
  // which the scenario compares with the family's THREADS.
  static bool logged = false;
  if (!logged) {
    logged = true;
    if (const char* path = std::getenv("E2E_POOL_LOG")) {
      if (std::FILE* log = std::fopen(path, "a")) {
        std::fprintf(log, "omp_get_max_threads=%d\n", omp_get_max_threads());
        std::fclose(log);
      }
    }
  }
  const long count = static_cast<long>(n);
#pragma omp parallel
  {
    double partial = 0;
#pragma omp for nowait
    for (long i = 0; i < count; ++i) partial += x[i];
#pragma omp atomic
    s += partial;
  }
  return s;
}
