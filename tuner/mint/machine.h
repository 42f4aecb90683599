#pragma once
// The machine a scope's bench runs on, and how to start the bench there. Natively and under an
// emulator, this box; through TUNE_TARGET_RUNNER (docs/cmake-api.md "A runner on the target"),
// the machine the runner reaches, as its own bench reports it (`bench box`). Every command that
// judges, mints or stamps a scope asks machine_of, so a sidecar minted through a runner is judged
// against the runner's machine, never against the build host.
#include <filesystem>
#include <string>
#include <vector>

#include "box/identity.h"
#include "manifest/manifest.h"
#include "util/subprocess.h"

namespace tune::mint {

// The runner's contract: the files the bench reads and writes, by absolute path, one a line. A
// runner may put them elsewhere on its machine and rewrite the argument words that name them;
// it copies back each output the bench wrote (docs/cmake-api.md "A runner on the target").
inline constexpr const char* runner_inputs_variable = "TUNE_RUNNER_INPUTS";
inline constexpr const char* runner_outputs_variable = "TUNE_RUNNER_OUTPUTS";

// `<bench> <args>` where the scope's bench runs: as it is, or after the runner's words with the
// runner's variables set (the bench among the inputs). Other options keep their defaults.
util::spawn_options bench_process(const manifest& m, const std::vector<std::string>& args,
                                  const std::vector<std::filesystem::path>& inputs = {},
                                  const std::vector<std::filesystem::path>& outputs = {});

// `here` unless the scope's bench runs through a runner; then the runner's machine, asked once a
// process for each bench. Throws std::runtime_error naming the runner, what went wrong and the
// fix when the bench is not built, the runner fails or its answer is not a `bench box` report.
box::box_info machine_of(const manifest& m, const box::box_info& here);

// A `bench box` report (tuner/harness/main.cpp cmd_box) as a box; `source` names where it came
// from in the error when it is not one.
box::box_info box_from_report(const std::string& text, const std::string& source);

// How messages name the runner: its first word ("the runner ssh-board").
std::string runner_text(const manifest& m);

// Where the scope's bench races, for messages: "this box", or "the machine of the runner ssh-board".
std::string where_it_runs(const manifest& m);

}  // namespace tune::mint
