#include "mint/bench_call.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "harness/limits.h"
#include "mint/machine.h"
#include "mint/race_result.h"
#include "util/atomic_file.h"
#include "util/error_text.h"
#include "util/json_file.h"
#include "util/json_reader.h"
#include "util/sha256.h"
#include "util/subprocess.h"

namespace tune::mint {

namespace {

// Exit codes of a bench whose race answered (tuner/harness/main.cpp): some family failed, the noise
// refused the race, a signal stopped it. Each still writes its result.
constexpr int bench_family_error = 2;
constexpr int bench_noise_refused = 3;
constexpr int bench_interrupted = 4;

// The noise probes and their spins (docs/measurement.md, rule 9) run outside any family's limits.
constexpr double probes_s = 60;

}  // namespace

bench_deadline deadline_of(const manifest& m, const std::vector<std::string>& families) {
  const bench::call_limits defaults;
  double total = probes_s;
  std::vector<std::string> parts;
  for (const auto& f : m.families) {
    if (!families.empty() && std::find(families.begin(), families.end(), f.name) == families.end()) continue;
    const double call_s = f.timeout_s && *f.timeout_s > 0 ? *f.timeout_s : defaults.call_s;
    const std::size_t calls = f.rows.size() * (1 + f.companions.size()) * bench::gate_calls * 2;
    const double family_s = defaults.setup_s + static_cast<double>(calls) * call_s;
    total += family_s;
    parts.push_back(fmt::format("{} {:.0f} s ({:.0f} s setup, {} calls of {:g} s)", f.name, family_s, defaults.setup_s,
                                calls, call_s));
  }
  bench_deadline d;
  d.limit = std::chrono::seconds(static_cast<long long>(std::ceil(total)));
  d.why = fmt::format("{:.0f} s for the noise probes; {}", probes_s, fmt::join(parts, "; "));
  return d;
}

std::filesystem::path bench_record(const manifest& m) { return m.state_dir / "link" / "bench.sha256"; }

std::optional<std::string> foreign_bench(const manifest& m) {
  const auto record = bench_record(m);
  const std::string fix = fmt::format("Build the bench again: rm {}; {}", m.bench.string(), tune::tune_command(m));
  const auto recorded = util::read_file(record);
  if (!recorded)
    return fmt::format(
        "the bench {} has no identity the build recorded ({} does not exist; the bench's link writes it), so "
        "cmake-tune will not run it or record its hash. {}",
        m.bench.string(), record.string(), fix);
  std::string expected = *recorded;
  expected.erase(std::remove_if(expected.begin(), expected.end(), [](char c) { return c == '\n' || c == ' '; }),
                 expected.end());
  const std::string current = std::filesystem::exists(m.bench) ? util::sha256_file(m.bench) : "absent";
  if (current == expected) return std::nullopt;
  return fmt::format(
      "the bench {} is not the one the build linked: its sha256 is {}, the build recorded {} ({}), so "
      "cmake-tune will not run it or record its hash. {}",
      m.bench.string(), util::shown(current), util::shown(expected), record.string(), fix);
}

bench_call call_bench(const manifest& m, const race::race_request& request, const std::filesystem::path& request_file,
                      const std::filesystem::path& result_file,
                      const std::function<void(const std::string&)>& on_line) {
  return call_bench(m, request, request_file, result_file, deadline_of(m, request.families), on_line);
}

bench_call call_bench(const manifest& m, const race::race_request& request, const std::filesystem::path& request_file,
                      const std::filesystem::path& result_file, const bench_deadline& deadline,
                      const std::function<void(const std::string&)>& on_line) {
  if (auto foreign = foreign_bench(m)) {
    bench_call refused;
    refused.reason = std::move(*foreign);
    return refused;
  }
  std::filesystem::create_directories(request_file.parent_path());
  std::filesystem::remove(result_file);
  util::write_file_atomic(request_file, util::json_text(nlohmann::json(request)));
  auto run = bench_process(m, {"race", "--request", request_file.string(), "--out", result_file.string()},
                           {request_file}, {result_file});
  run.capture_stdout = true;
  run.timeout = deadline.limit;
  run.own_process_group = true;
  if (on_line) run.on_stdout_line = on_line;
  const auto ran = util::run_process(run);

  bench_call call;
  if (ran.timed_out) {
    call.reason = fmt::format(
        "the bench {} ran past its deadline of {} s ({}) and was killed with its process group: it hung outside any "
        "row, whose own limits would have stopped it. Run `{} test` to see where it stops, and build it again",
        m.bench.string(), deadline.limit.count(), deadline.why, m.bench.string());
    return call;
  }
  const bool answered = !ran.signaled && (ran.exit_code == 0 || ran.exit_code == bench_family_error ||
                                          ran.exit_code == bench_noise_refused || ran.exit_code == bench_interrupted);
  const auto text = util::read_file(result_file);
  if (!answered || !text) {
    const std::string through =
        m.target.how == target_machine::run::runner ? fmt::format(" through {}", runner_text(m)) : "";
    call.reason =
        fmt::format("the bench {} failed{} ({}) before it decided anything", m.bench.string(), through, ran.describe());
    return call;
  }
  try {
    const auto result = util::parse_json(*text, result_file);
    check_race_result(result, result_file);
    call.answer = result.get<race::race_answer>();
  } catch (const util::json_error& e) {
    call.reason = fmt::format("the bench {} answered with an unreadable result: {}", m.bench.string(), e.what());
    return call;
  }
  if (ran.exit_code == bench_noise_refused || ran.exit_code == bench_interrupted) {
    call.status = ran.exit_code == bench_noise_refused ? bench_call::refused : bench_call::interrupted;
    call.reason = call.answer.mint.reason.empty() ? std::string("refused") : call.answer.mint.reason;
    return call;
  }
  call.status = bench_call::answered;
  return call;
}

}  // namespace tune::mint
