#pragma once
// The real worker: every run is a fresh process of the program, started with an explicit
// environment and CPU affinity, in a private scratch folder that holds its pilot report and its
// own copy of the FFTW wisdom, killed and reaped at its timeout.
#include <filesystem>
#include <string>
#include <vector>

#include "plan/worker.h"

namespace tune::plan {

class process_worker final : public worker {
 public:
  // `scratch` is created if missing; each run uses (and removes) a folder inside it.
  process_worker(std::vector<std::string> argv, std::filesystem::path scratch);
  run_outcome run(const run_request& request) override;

 private:
  std::vector<std::string> argv_;
  std::filesystem::path scratch_;
  int runs_ = 0;
};

// Reads a tune-pilot/1 report (and its result file) into `outcome`, placing the child's
// monotonic timestamps relative to `spawned_ns`. Throws std::runtime_error naming the file.
void read_pilot_report(const std::filesystem::path& path, long long spawned_ns, run_outcome& outcome);

}  // namespace tune::plan
