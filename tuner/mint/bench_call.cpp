#include "mint/bench_call.h"

#include <fmt/format.h>

#include "mint/race_result.h"
#include "util/atomic_file.h"
#include "util/json_file.h"
#include "util/json_reader.h"
#include "util/subprocess.h"

namespace tune::mint {

namespace {

// Exit codes of a bench whose race answered (tuner/bench/main.cpp): some family failed, the noise
// refused the race, a signal stopped it. Each still writes its result.
constexpr int bench_family_error = 2;
constexpr int bench_noise_refused = 3;
constexpr int bench_interrupted = 4;

}  // namespace

bench_call call_bench(const manifest& m, const race::race_request& request, const std::filesystem::path& request_file,
                      const std::filesystem::path& result_file,
                      const std::function<void(const std::string&)>& on_line) {
  std::filesystem::create_directories(request_file.parent_path());
  std::filesystem::remove(result_file);
  util::write_file_atomic(request_file, util::json_text(nlohmann::json(request)));
  util::spawn_options run;
  run.argv = {m.bench.string(), "race", "--request", request_file.string(), "--out", result_file.string()};
  run.capture_stdout = true;
  if (on_line) run.on_stdout_line = on_line;
  const auto ran = util::run_process(run);

  bench_call call;
  const bool answered = !ran.signaled && (ran.exit_code == 0 || ran.exit_code == bench_family_error ||
                                          ran.exit_code == bench_noise_refused || ran.exit_code == bench_interrupted);
  const auto text = util::read_file(result_file);
  if (!answered || !text) {
    call.reason = fmt::format("the bench {} failed ({}) before it decided anything", m.bench.string(), ran.describe());
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
