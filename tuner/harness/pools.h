#pragma once
// The thread pools a family's supervised child runs with (THREADS, docs/measurement.md "Thread
// pools"). GNU OpenMP and OpenBLAS read their sizes once, when the library starts, so the child's
// environment is the one place that sets them before any row runs.
#include <map>
#include <string>

namespace tune::bench {

// THREADS as a pool size: `threads`, or the allocation's CPUs (box::allocation_cpus) for 0 (THREADS all).
int pool_size(int threads, int cpus);

// `env` with every pool the bench knows set to `size` threads (OpenMP, OpenBLAS, MKL, the
// fftw_threads knob) and told to wait passively between calls, so idle workers neither spin
// beside the noise probe nor beside other rows. OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE are left as
// they are: they choose OpenBLAS's kernels, which is the row's business.
std::map<std::string, std::string> pool_environment(std::map<std::string, std::string> env, int size);

}  // namespace tune::bench
