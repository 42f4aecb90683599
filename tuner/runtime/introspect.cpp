#include "introspect.h"

#include <dlfcn.h>

#include <fstream>
#include <sstream>

namespace tune::runtime_detail {
namespace {

// File-name prefixes of the libraries whose knobs a plan can turn, most specific first.
struct library_pattern {
  const char* prefix;
  const char* name;
};
constexpr library_pattern patterns[] = {
    {"libopenblas", "openblas"},
    {"libblas.so", "blas"},
    {"libfftw3_threads", "fftw3_threads"},
    {"libfftw3_omp", "fftw3_omp"},
    {"libfftw3f_threads", "fftw3f_threads"},
    {"libfftw3f", "fftw3f"},
    {"libfftw3.", "fftw3"},
    {"libgomp", "gomp"},
    {"libiomp5", "iomp5"},
    {"libomp.", "omp"},
    {"libomp5", "omp"},
};

const char* library_name(const std::string& path) {
  const auto slash = path.rfind('/');
  const std::string file = slash == std::string::npos ? path : path.substr(slash + 1);
  for (const auto& p : patterns) {
    if (file.rfind(p.prefix, 0) == 0) return p.name;
  }
  return nullptr;
}

template <typename Fn>
Fn symbol(const char* name) {
  return reinterpret_cast<Fn>(dlsym(RTLD_DEFAULT, name));
}

std::string int_fact(const char* function) {
  auto fn = symbol<int (*)()>(function);
  return fn ? std::to_string(fn()) : std::string();
}

}  // namespace

std::vector<loaded_library> loaded_libraries() {
  std::vector<loaded_library> found;
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    const auto path_start = line.find('/');
    if (path_start == std::string::npos) continue;
    const std::string path = line.substr(path_start);
    const char* name = library_name(path);
    if (!name) continue;
    bool seen = false;
    for (const auto& f : found) seen = seen || f.path == path;
    if (!seen) found.push_back({name, path});
  }
  return found;
}

std::vector<library_fact> library_facts() {
  std::vector<library_fact> facts;
  const auto* fftw_version = symbol<const char*>("fftw_version");
  facts.push_back({"fftw_version", fftw_version ? fftw_version : ""});
  facts.push_back({"fftw_threads", int_fact("fftw_planner_nthreads")});
  auto openblas_config = symbol<char* (*)()>("openblas_get_config");
  facts.push_back({"openblas_config", openblas_config ? openblas_config() : ""});
  facts.push_back({"openblas_threads", int_fact("openblas_get_num_threads")});
  facts.push_back({"omp_max_threads", int_fact("omp_get_max_threads")});
  facts.push_back({"omp_proc_bind", int_fact("omp_get_proc_bind")});
  return facts;
}

}  // namespace tune::runtime_detail
