#include "plan/process_worker.h"

#include <chrono>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "util/atomic_file.h"
#include "util/json_reader.h"
#include "util/subprocess.h"

namespace tune::plan {
namespace {

namespace fs = std::filesystem;

// Variables that belong to the conversation between one search and one candidate: never
// inherited from whatever started the search.
constexpr const char* private_variables[] = {"TUNE_PILOT_OUT", "TUNE_FFTW_WISDOM_IN", "TUNE_FFTW_WISDOM_OUT",
                                             "TUNE_FFTW_WISDOM_ONLY"};

long long monotonic_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
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
  if (type != "f64" && type != "f32")
    throw std::runtime_error("the pilot result type '" + type + "' in " + file.string() + " is not f64 or f32");
  // Only a regular file is read, within the bound for binaries (util/atomic_file.h): never a
  // device, never a guess.
  std::optional<std::string> bytes;
  try {
    bytes = util::read_file(file, util::max_binary_bytes);
  } catch (const util::read_refused& e) {
    throw std::runtime_error("the pilot result " + file.string() + " cannot be read: expected " + e.expected() +
                             ", found " + e.found());
  }
  if (!bytes) throw std::runtime_error("the pilot result " + file.string() + " is missing");
  const std::size_t width = type == "f64" ? sizeof(double) : sizeof(float);
  if (count > bytes->size() / width)
    throw std::runtime_error("the pilot result " + file.string() + " is shorter than its " + std::to_string(count) +
                             " values");
  std::vector<double> values(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (type == "f64") {
      std::memcpy(&values[i], bytes->data() + i * width, width);
    } else {
      float f;
      std::memcpy(&f, bytes->data() + i * width, width);
      values[i] = f;
    }
  }
  return values;
}

// One entry of the pilot's fftw_plans. The wisdom key and the printed plan are optional: a
// program built against an older runtime reports the name and whether it was made.
fftw_plan_report read_plan(const util::json_at& p) {
  fftw_plan_report plan;
  plan.name = p["name"].string();
  plan.made = p["made"].boolean();
  auto present = [&](const char* key) { return p.has(key) && !p[key].value().is_null(); };
  if (present("plan")) plan.plan = p["plan"].string();
  if (present("planner_threads")) plan.planner_threads = static_cast<int>(p["planner_threads"].integer(0, 1 << 20));
  if (present("effort")) plan.effort = p["effort"].string();
  if (present("wisdom_only")) plan.wisdom_only = p["wisdom_only"].boolean();
  if (present("threads_ready")) plan.threads_ready = p["threads_ready"].boolean();
  if (present("in_place")) plan.in_place = p["in_place"].boolean();
  if (present("in_align")) plan.in_align = static_cast<int>(p["in_align"].integer(0, 63));
  if (present("out_align")) plan.out_align = static_cast<int>(p["out_align"].integer(0, 63));
  return plan;
}

}  // namespace

void read_pilot_report(const fs::path& path, long long spawned_ns, run_outcome& outcome) {
  std::optional<nlohmann::json> doc;
  try {
    doc = util::read_json(path);
  } catch (const util::json_error& e) {
    throw std::runtime_error("the pilot report " + path.string() + " is unreadable: " + e.where_and_what());
  }
  if (!doc) throw std::runtime_error("the pilot report " + path.string() + " is missing");
  try {
    const util::json_at j(*doc, path);
    if (j["format"].value() != "tune-pilot/1") j["format"].fail("\"tune-pilot/1\"");
    constexpr long long max_ns = std::numeric_limits<long long>::max();
    const auto windows = j["windows"].array();
    for (std::size_t i = 0; i < windows.size(); ++i) {
      const auto w = windows.at(i);
      outcome.windows_s.push_back(static_cast<double>(w.at(1).integer(0, max_ns) - w.at(0).integer(0, max_ns)) * 1e-9);
    }
    long long setup_end = -1;
    if (!j["setup_done_ns"].value().is_null()) {
      setup_end = j["setup_done_ns"].integer(0, max_ns);
    } else if (windows.size() > 0) {
      setup_end = windows.at(0).at(0).integer(0, max_ns);
    }
    if (setup_end >= 0) outcome.setup_s = static_cast<double>(setup_end - spawned_ns) * 1e-9;
    const auto knobs = j["knobs"].array();
    for (std::size_t i = 0; i < knobs.size(); ++i)
      outcome.knobs_read[knobs.at(i)["name"].string()] = knobs.at(i)["value"].string();
    if (!j["result"].value().is_null()) {
      const auto r = j["result"];
      outcome.result_type = r["type"].string();
      const std::string result_file = r["file"].string();
      const auto count = static_cast<std::size_t>(r["count"].integer(0, std::int64_t{1} << 32));
      try {
        outcome.result = read_result(result_file, outcome.result_type, count);
      } catch (const std::runtime_error& e) {
        throw std::runtime_error("the pilot report " + path.string() +
                                 " names a result that cannot be used: " + e.what());
      }
    }
    const auto plans = j["fftw_plans"].array();
    for (std::size_t i = 0; i < plans.size(); ++i) outcome.fftw_plans.push_back(read_plan(plans.at(i)));
    const auto libraries = j["libraries"].array();
    for (std::size_t i = 0; i < libraries.size(); ++i)
      outcome.libraries[libraries.at(i)["name"].string()] = libraries.at(i)["path"].string();
    const auto facts = j["facts"].object();
    for (const auto& [key, value] : facts.value().items()) {
      const std::string text = facts[key].string();
      if (!text.empty()) outcome.facts[key] = text;
    }
  } catch (const util::json_error& e) {
    throw std::runtime_error("the pilot report " + path.string() + " is malformed: " + e.where_and_what());
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
