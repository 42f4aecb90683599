#pragma once
// One race asked of a scope's bench (tuner/harness/main.cpp, `bench race`): the request written,
// the bench run, its answer read and checked. Both a mint (mint/race_scope.h) and a rerun
// (mint/rerun.h) ask through it, so they read the bench's exit codes and result one way.
#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

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

// How long a race of `families` may take in all, and how that was derived, for the message when it
// passes: per family its fixture's setup limit, and per row of each of its tables its gate calls at
// the call limit (TIMEOUT, else the limit before the reference is known) and as much again for its
// timed windows (harness/limits.h), plus a minute for the noise probes. A row that hangs is stopped
// by its own limit; this bound stops a bench that hangs outside any row.
struct bench_deadline {
  std::chrono::seconds limit{0};
  std::string why;
};
bench_deadline deadline_of(const manifest& m, const std::vector<std::string>& families);

// Where the build records the bench it linked (cmake/tune/link-bench.cmake): the sha256 of the
// file, in <state dir>/link/bench.sha256.
std::filesystem::path bench_record(const manifest& m);
// Why the file at the bench's path is not the bench the build linked (another program copied
// there, or a tree whose link recorded nothing), naming the file, the hashes and the fix; nullopt
// when it is the one. A mint runs no other program and records no other hash.
std::optional<std::string> foreign_bench(const manifest& m);

// Writes `request` to `request_file`, runs the bench with `--out result_file` (each line it
// prints goes to `on_line`, when given) and reads the result. A foreign bench (foreign_bench) is
// not run; one that runs past `deadline` is killed with its process group.
bench_call call_bench(const manifest& m, const race::race_request& request, const std::filesystem::path& request_file,
                      const std::filesystem::path& result_file,
                      const std::function<void(const std::string&)>& on_line = {});
bench_call call_bench(const manifest& m, const race::race_request& request, const std::filesystem::path& request_file,
                      const std::filesystem::path& result_file, const bench_deadline& deadline,
                      const std::function<void(const std::string&)>& on_line = {});

}  // namespace tune::mint
