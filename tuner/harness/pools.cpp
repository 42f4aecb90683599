#include "harness/pools.h"

namespace tune::bench {

int pool_size(int threads, int cpus) { return threads > 0 ? threads : cpus; }

std::map<std::string, std::string> pool_environment(std::map<std::string, std::string> env, int size) {
  const std::string n = std::to_string(size);
  for (const char* pool : {"OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "TUNE_KNOB_FFTW_THREADS"})
    env[pool] = n;
  env["OMP_WAIT_POLICY"] = "passive";
  env["GOMP_SPINCOUNT"] = "0";  // GNU OpenMP spins this long before it sleeps, passive or not
  // OpenBLAS's workers spin 2^n cycles after a call before they sleep; 4 is its shortest.
  env["OPENBLAS_THREAD_TIMEOUT"] = "4";
  env["MKL_DYNAMIC"] = "FALSE";  // MKL may otherwise run fewer threads than it was given
  return env;
}

}  // namespace tune::bench
