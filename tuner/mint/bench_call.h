#pragma once
// One race asked of a scope's bench (tuner/bench/main.cpp, `bench race`): the request written,
// the bench run, its answer read and checked. Both a mint (mint/race_scope.h) and a rerun
// (mint/rerun.h) ask through it, so they read the bench's exit codes and result one way.
#include <filesystem>
#include <functional>
#include <string>

#include "manifest/manifest.h"
#include "race/table.h"

namespace tune::mint {

struct bench_call {
  enum kind {
    answered,     // the result holds every family's table or error
    failed,       // no result to read: the bench died, or what it wrote is unreadable
    refused,      // the result says why the noise made it measure nothing it would stand by
    interrupted,  // the same, for a race stopped by a signal
  };
  kind status = failed;
  race::race_answer answer;  // unless failed
  std::string reason;        // failed and refused/interrupted: why, as a message
};

// Writes `request` to `request_file`, runs the bench with `--out result_file` (each line it
// prints goes to `on_line`, when given) and reads the result.
bench_call call_bench(const manifest& m, const race::race_request& request, const std::filesystem::path& request_file,
                      const std::filesystem::path& result_file,
                      const std::function<void(const std::string&)>& on_line = {});

}  // namespace tune::mint
