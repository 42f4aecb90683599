// A program that plans one FFTW transform through tune::fftw, for the runtime's wisdom tests:
//   fftw_helper <threads> <early|late> <shift>
// `threads` FFTW planner threads, set before planner_flags() (early) or after it (late, after
// any wisdom was imported); `shift` bytes added to both buffers' fftw_malloc addresses, which
// moves their alignment. It never calls fftw_init_threads itself.
#include <fftw3.h>

#include <cstdlib>
#include <cstring>

#include <tune/runtime.h>

int main(int argc, char** argv) {
  if (argc != 4) return 2;
  const int threads = std::atoi(argv[1]);
  const bool late = std::strcmp(argv[2], "late") == 0;
  const int shift = std::atoi(argv[3]);
  constexpr int n = 256;
  auto* in_raw = static_cast<char*>(fftw_malloc(n * sizeof(fftw_complex) + 64));
  auto* out_raw = static_cast<char*>(fftw_malloc(n * sizeof(fftw_complex) + 64));
  auto* in = reinterpret_cast<fftw_complex*>(in_raw + shift);
  auto* out = reinterpret_cast<fftw_complex*>(out_raw + shift);
  if (!late) fftw_plan_with_nthreads(threads);
  const unsigned flags = tune::fftw::planner_flags(FFTW_ESTIMATE);
  if (late) fftw_plan_with_nthreads(threads);
  fftw_plan p = fftw_plan_dft_1d(n, in, out, FFTW_FORWARD, flags);
  tune::fftw::planned("forward 256", p, in, out);
  if (p) {
    for (int i = 0; i < n; ++i) in[i][0] = in[i][1] = i % 7;
    fftw_execute(p);
    fftw_destroy_plan(p);
  }
  fftw_free(in_raw);
  fftw_free(out_raw);
  return 0;
}
