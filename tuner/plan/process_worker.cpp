#include "plan/process_worker.h"

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "util/atomic_file.h"
#include "util/subprocess.h"

namespace tune::plan {
namespace {

namespace fs = std::filesystem;

// Variables that belong to the conversation between one search and one candidate: never
// inherited from whatever started the search.
constexpr const char* private_variables[] = {"TUNE_PILOT_OUT", "TUNE_FFTW_WISDOM_IN", "TUNE_FFTW_WISDOM_OUT",
                                             "TUNE_FFTW_WISDOM_ONLY"};

long long monotonic_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The last few lines of a child's stderr, for failure messages.
std::string tail(const std::string& text, std::size_t lines = 4) {
  std::size_t pos = text.size();
  while (pos > 0 && (text[pos - 1] == '\n' || text[pos - 1] == ' ')) --pos;
  const std::size_t end = pos;
  for (std::size_t found = 0; pos > 0; --pos) {
    if (text[pos - 1] == '\n' && ++found == lines) break;
  }
  return text.substr(pos, end - pos);
}

std::vector<double> read_result(const fs::path& file, const std::string& type, std::size_t count) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("the pilot result " + file.string() + " is missing");
  std::vector<double> values(count);
  if (type == "f64") {
    in.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(count * sizeof(double)));
  } else if (type == "f32") {
    std::vector<float> floats(count);
    in.read(reinterpret_cast<char*>(floats.data()), static_cast<std::streamsize>(count * sizeof(float)));
    for (std::size_t i = 0; i < count; ++i) values[i] = floats[i];
  } else {
    throw std::runtime_error("the pilot result type '" + type + "' in " + file.string() + " is not f64 or f32");
  }
  if (!in) throw std::runtime_error("the pilot result " + file.string() + " is shorter than its " +
                                    std::to_string(count) + " values");
  return values;
}

}  // namespace

void read_pilot_report(const fs::path& path, long long spawned_ns, run_outcome& outcome) {
  const auto text = util::read_file(path);
  if (!text) throw std::runtime_error("the pilot report " + path.string() + " is missing");
  try {
    const auto j = nlohmann::json::parse(*text);
    if (j.at("format") != "tune-pilot/1") {
      throw std::runtime_error("format " + j.at("format").dump() + " is not tune-pilot/1");
    }
    for (const auto& w : j.at("windows")) {
      outcome.windows_s.push_back(static_cast<double>(w.at(1).get<long long>() - w.at(0).get<long long>()) * 1e-9);
    }
    long long setup_end = -1;
    if (!j.at("setup_done_ns").is_null()) {
      setup_end = j.at("setup_done_ns").get<long long>();
    } else if (!j.at("windows").empty()) {
      setup_end = j.at("windows").at(0).at(0).get<long long>();
    }
    if (setup_end >= 0) outcome.setup_s = static_cast<double>(setup_end - spawned_ns) * 1e-9;
    for (const auto& k : j.at("knobs")) {
      outcome.knobs_read[k.at("name").get<std::string>()] = k.at("value").get<std::string>();
    }
    if (!j.at("result").is_null()) {
      const auto& r = j.at("result");
      outcome.result_type = r.at("type").get<std::string>();
      outcome.result = read_result(r.at("file").get<std::string>(), outcome.result_type, r.at("count").get<std::size_t>());
    }
    for (const auto& p : j.at("fftw_plans")) {
      outcome.fftw_plans.push_back({p.at("name").get<std::string>(), p.at("made").get<bool>()});
    }
    for (const auto& l : j.at("libraries")) {
      outcome.libraries[l.at("name").get<std::string>()] = l.at("path").get<std::string>();
    }
    for (const auto& [key, value] : j.at("facts").items()) {
      if (!value.get<std::string>().empty()) outcome.facts[key] = value.get<std::string>();
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error("the pilot report " + path.string() + " is malformed: " + e.what());
  }
  outcome.pilot_reported = true;
}

process_worker::process_worker(std::vector<std::string> argv, fs::path scratch)
    : argv_(std::move(argv)), scratch_(std::move(scratch)) {
  fs::create_directories(scratch_);
}

run_outcome process_worker::run(const run_request& request) {
  const fs::path dir = scratch_ / ("run-" + std::to_string(++runs_));
  fs::remove_all(dir);
  fs::create_directories(dir);

  util::spawn_options spawn;
  spawn.argv = argv_;
  spawn.env = request.env;
  for (const char* variable : private_variables) spawn.env->erase(variable);
  (*spawn.env)["TUNE_PILOT_OUT"] = (dir / "pilot.json").string();
  if (request.wisdom_in) {
    // A private copy: the program may write where it read, and losers must not touch the original.
    util::write_file_atomic(dir / "wisdom.in", *request.wisdom_in);
    (*spawn.env)["TUNE_FFTW_WISDOM_IN"] = (dir / "wisdom.in").string();
  }
  if (request.export_wisdom) (*spawn.env)["TUNE_FFTW_WISDOM_OUT"] = (dir / "wisdom.out").string();
  if (request.wisdom_only) (*spawn.env)["TUNE_FFTW_WISDOM_ONLY"] = "1";
  if (!request.cpus.empty()) spawn.cpus = request.cpus;
  spawn.capture_stdout = true;
  spawn.capture_stderr = true;
  spawn.timeout = std::chrono::milliseconds(static_cast<long long>(std::max(0.0, request.timeout_s) * 1000));

  run_outcome outcome;
  const long long spawned_ns = monotonic_ns();
  const auto result = util::run_process(spawn);
  outcome.wall_s = result.wall_s;
  outcome.peak_rss_kb = result.peak_rss_kb;
  const std::string err = tail(result.err);
  if (result.timed_out) {
    outcome.status = run_outcome::state::timed_out;
  } else if (result.signaled) {
    outcome.status = run_outcome::state::crashed;
  } else if (result.exit_code != 0) {
    outcome.status = run_outcome::state::failed;
  }
  if (outcome.status != run_outcome::state::ok) {
    outcome.failure = result.describe() + (err.empty() ? "" : ": " + err);
  } else if (fs::exists(dir / "pilot.json")) {
    try {
      read_pilot_report(dir / "pilot.json", spawned_ns, outcome);
    } catch (const std::exception& e) {
      outcome.status = run_outcome::state::failed;
      outcome.failure = e.what();
    }
    if (request.export_wisdom) outcome.wisdom = util::read_file(dir / "wisdom.out");
  }
  fs::remove_all(dir);
  return outcome;
}

}  // namespace tune::plan
