// plan-demo: a small spectral time-stepper whose speed depends on runtime knobs only.
//
// Each step filters a complex field in Fourier space (FFTW, threads and planning effort from
// tune::knob), applies a pointwise nonlinearity (an OpenMP loop) and mixes rows with a dense
// matrix product (OpenBLAS). Every step is one pilot window; the final field is the published
// output the search validates candidates against.
//
//   plan-demo [--size N] [--steps S]
#include <cblas.h>
#include <fftw3.h>
#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include <tune/runtime.h>

namespace {

struct options {
  int size = 256;
  int steps = 10;
};

options parse(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if ((arg == "--size" || arg == "--steps") && i + 1 < argc) {
      const int value = std::atoi(argv[++i]);
      if (value <= 0) throw std::runtime_error(arg + " needs a positive integer");
      (arg == "--size" ? o.size : o.steps) = value;
    } else {
      throw std::runtime_error("unknown argument '" + arg + "'; usage: plan-demo [--size N] [--steps S]");
    }
  }
  return o;
}

class stepper {
 public:
  explicit stepper(int n)
      : n_(n),
        field_(fftw_alloc_complex(cells())),
        spectrum_(fftw_alloc_complex(cells())),
        real_(cells()),
        mixed_(cells()),
        mix_(cells()),
        filter_(cells()) {
    // The thread count and planning effort are the plan's to choose; the problem is not.
    fftw_threads_ = tune::knob("fftw_threads", 1);
    fftw_plan_with_nthreads(fftw_threads_);
    const unsigned flags = tune::fftw::planner_flags(FFTW_ESTIMATE);
    planner_ = flags & FFTW_ESTIMATE     ? "estimate"
               : flags & FFTW_PATIENT    ? "patient"
               : flags & FFTW_EXHAUSTIVE ? "exhaustive"
                                         : "measure";
    forward_ = fftw_plan_dft_2d(n, n, field_, spectrum_, FFTW_FORWARD, flags);
    tune::fftw::planned("forward 2d", forward_, field_, spectrum_);
    backward_ = fftw_plan_dft_2d(n, n, spectrum_, field_, FFTW_BACKWARD, flags);
    tune::fftw::planned("backward 2d", backward_, spectrum_, field_);
    if (!forward_ || !backward_) throw std::runtime_error("FFTW could not plan the transforms");
    initialise();  // after planning: FFTW_MEASURE overwrites the arrays it plans on
  }
  ~stepper() {
    fftw_destroy_plan(forward_);
    fftw_destroy_plan(backward_);
    fftw_free(field_);
    fftw_free(spectrum_);
  }
  stepper(const stepper&) = delete;
  stepper& operator=(const stepper&) = delete;

  void advance() {
    fftw_execute(forward_);
    const std::size_t total = cells();
    const double scale = 1.0 / static_cast<double>(total);
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < total; ++i) {
      spectrum_[i][0] *= filter_[i] * scale;
      spectrum_[i][1] *= filter_[i] * scale;
    }
    fftw_execute(backward_);
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < total; ++i) real_[i] = std::tanh(field_[i][0]) + 0.25 * std::sin(field_[i][1]);
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n_, n_, n_, 1.0, mix_.data(), n_, real_.data(), n_, 0.0,
                mixed_.data(), n_);
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < total; ++i) {
      field_[i][0] = 0.5 * field_[i][0] + mixed_[i];
      field_[i][1] = 0.5 * field_[i][1] - 0.5 * mixed_[i];
    }
  }

  // What this run actually used, so a launch can be checked against its plan.
  void print_settings() const {
    std::printf("plan-demo: fftw_threads=%d fftw_planner=%s openblas_threads=%d omp_threads=%d\n", fftw_threads_,
                planner_, openblas_get_num_threads(), omp_get_max_threads());
  }

  std::vector<double> output() const {
    std::vector<double> out(2 * cells());
    std::memcpy(out.data(), field_, out.size() * sizeof(double));
    return out;
  }

 private:
  std::size_t cells() const { return static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_); }

  void initialise() {
    for (int r = 0; r < n_; ++r) {
      for (int c = 0; c < n_; ++c) {
        const std::size_t i = static_cast<std::size_t>(r) * n_ + c;
        field_[i][0] = std::sin(0.05 * r) * std::cos(0.07 * c);
        field_[i][1] = std::cos(0.03 * (r + c));
        // Diffusion-like low-pass filter; a row-stochastic mixing matrix keeps the field bounded.
        const double kr = r <= n_ / 2 ? r : r - n_, kc = c <= n_ / 2 ? c : c - n_;
        filter_[i] = std::exp(-1e-3 * (kr * kr + kc * kc));
        mix_[i] = (r == c ? 0.3 : 0.0) + 0.2 / n_ * (1.0 + std::cos(0.1 * (r - c)));
      }
    }
  }

  int n_;
  int fftw_threads_ = 1;
  const char* planner_ = "estimate";
  fftw_complex* field_;
  fftw_complex* spectrum_;
  std::vector<double> real_, mixed_, mix_, filter_;
  fftw_plan forward_ = nullptr, backward_ = nullptr;
};

// The knob variables this process was started with, one line each, so a launch under a plan can
// be checked from outside: the plan's settings present, the variables it removes absent.
void print_knob_environment() {
  std::vector<std::string> lines;
  for (char** entry = environ; *entry; ++entry) {
    const std::string text = *entry;
    for (const char* prefix : {"OMP_", "OPENBLAS_", "GOMP_", "TUNE_KNOB_"}) {
      if (text.rfind(prefix, 0) == 0) lines.push_back(text);
    }
  }
  std::sort(lines.begin(), lines.end());
  for (const auto& line : lines) std::printf("plan-demo: env %s\n", line.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const options o = parse(argc, argv);
    if (fftw_init_threads() == 0) throw std::runtime_error("FFTW threads could not start");
    double checksum = 0;
    {
      stepper s(o.size);
      tune::pilot::setup_done();
      for (int step = 0; step < o.steps; ++step) {
        tune::pilot::window w;
        s.advance();
      }
      const auto out = s.output();
      tune::pilot::result(out.data(), out.size());
      for (double x : out) checksum += x;
      s.print_settings();
    }
    print_knob_environment();
    fftw_cleanup_threads();
    std::printf("plan-demo: size %d, %d steps, checksum %.12g\n", o.size, o.steps, checksum);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "plan-demo: %s\n", e.what());
    return 1;
  }
}
