#pragma once
// One whole `tune plan search`: detect the allocation, consult the plan cache, run the search
// on fresh processes of the program, then write the report, the FFTW wisdom, the plan and the
// cache entry. The CLI and the tune-plan-<target> build target are thin layers over this.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "plan/search.h"

namespace tune::plan {

struct plan_search_request {
  std::vector<std::string> argv;
  double budget_s = 30;
  double min_gain = 0.05;
  std::optional<std::string> tolerance;  // "rel=1e-9"; nullopt: by result type
  std::vector<std::string> knobs;        // KNOBS entries; empty: all that apply
  std::vector<std::string> user_knobs;   // "NAME:VARIABLE=v1,v2"
  std::vector<std::filesystem::path> inputs;
  std::optional<int> cpus;
  std::optional<long long> memory_bytes;
  std::filesystem::path plan_path;
  std::filesystem::path report_path;
  std::optional<std::filesystem::path> cache_dir;  // nullopt: no cache
  std::optional<std::filesystem::path> initial_wisdom;
  double busy_threshold = 0.25;  // search_options::busy_threshold
  std::function<void(const std::string&)> progress = [](const std::string&) {};
};

struct plan_search_result {
  search_record record;
  bool plan_written = false;
};

// Throws baseline_failure after writing the report when the baseline fails, and
// std::runtime_error for invalid requests (unknown knob, bad tolerance, CPUS too large...).
plan_search_result run_plan_search(const plan_search_request& request, const std::string& tool_version);

}  // namespace tune::plan
