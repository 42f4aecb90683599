#pragma once
// What this process actually loaded and resolved, read from inside it: the numerical libraries
// mapped into memory (/proc/self/maps) and the values they resolved, looked up with dlsym so
// the runtime links none of them.
#include <string>
#include <vector>

namespace tune::runtime_detail {

struct loaded_library {
  std::string name;  // openblas, fftw3, fftw3_threads, fftw3_omp, gomp, omp
  std::string path;  // the mapped file
};

// Libraries of interest in /proc/self/maps, each once, in the order first mapped.
std::vector<loaded_library> loaded_libraries();

// One library fact as "key" → value text; empty value when the symbol is absent.
struct library_fact {
  std::string key;  // fftw_version, openblas_config, openblas_threads, omp_max_threads, ...
  std::string value;
};
std::vector<library_fact> library_facts();

}  // namespace tune::runtime_detail
