// A tiny program on the runtime, for the runtime and process-worker tests:
//   pilot_helper windows <n>   setup_done, n windows, a 4-value result, knob "width" read
//   pilot_helper cpus          publishes the number of CPUs it may run on as its result
//   pilot_helper knob          prints tune::knob("width", 3)
//   pilot_helper unplanned     reports an FFTW plan that could not be made
//   pilot_helper crash | hang | fail
#include <sched.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include <tune/runtime.h>

namespace {

void windows(int n) {
  const int width = tune::knob("width", 3);
  tune::pilot::setup_done();
  for (int i = 0; i < n; ++i) {
    tune::pilot::window w;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  const std::vector<double> out{1.0, 2.0, 3.0, static_cast<double>(width)};
  tune::pilot::result(out.data(), out.size());
}

}  // namespace

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  if (std::strcmp(mode, "windows") == 0 && argc > 2) {
    windows(std::atoi(argv[2]));
  } else if (std::strcmp(mode, "cpus") == 0) {
    cpu_set_t set;
    sched_getaffinity(0, sizeof set, &set);
    const double count = CPU_COUNT(&set);
    tune::pilot::result(&count, 1);
  } else if (std::strcmp(mode, "knob") == 0) {
    std::printf("%d\n", tune::knob("width", 3));
  } else if (std::strcmp(mode, "unplanned") == 0) {
    tune::fftw::planned("forward 64", nullptr);
  } else if (std::strcmp(mode, "crash") == 0) {
    std::abort();
  } else if (std::strcmp(mode, "hang") == 0) {
    std::this_thread::sleep_for(std::chrono::seconds(30));
  } else if (std::strcmp(mode, "fail") == 0) {
    std::fprintf(stderr, "helper: asked to fail\n");
    return 3;
  } else {
    std::fprintf(stderr, "helper: unknown mode '%s'\n", mode);
    return 2;
  }
  return 0;
}
