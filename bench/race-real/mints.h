#pragma once
// Minting the benchmark's jobs on the real clock: the command-line options that choose them, the
// schedule that interleaves the families so every kind sees the same machine, and the loop that
// mints each job once per protocol arm, logs it and prints the table (report.h).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "families.h"
#include "kernels.h"
#include "race/protocol.h"

namespace tune::race_real {

struct job_options {
  std::size_t identical = 300, twins = 3, planted = 100, twelve = 30;
  std::vector<double> gains_pct{5, 10, 20, 50};
  bool load = false;            // a busy thread on the other core (busy_core.h)
  bool noise_override = false;  // TUNE_NOISE_OVERRIDE=1: refusals counted, not enforced
  std::uint64_t seed = race::protocol{}.seed;
  std::string conditions = "not described (pass --conditions)";
  std::string log_path, out_path;
};

// --aa, --twins, --planted, --gains, --twelve, --load, --override, --seed, --conditions, --log, --out.
void add_job_options(CLI::App& app, job_options& o);

// A protocol the jobs are minted under, named in the table and the log.
struct protocol_arm {
  std::string name;
  race::protocol protocol;
};

// Round-robin over the kinds of `o`: A/A, each planted gain, the two 12-row families.
std::vector<mint_job> schedule(const job_options& o);

// The arms' order for job `job`: forward on even jobs, reversed on odd ones, so no arm always
// runs first after the previous job.
std::vector<std::size_t> arm_order(std::size_t arms, std::size_t job);

// Mints every job of `o` once per arm, back to back, on copies of `set`; mint i runs at seed
// o.seed + i. Prints the table (and writes it to --out), every mint as a JSON line to --log.
// Returns the exit status.
int mint_and_report(const job_options& o, const std::vector<protocol_arm>& arms, placement set,
                    const std::string& command);

// `program` followed by the arguments, as typed.
std::string command_line(const std::string& program, int argc, char** argv);

}  // namespace tune::race_real
