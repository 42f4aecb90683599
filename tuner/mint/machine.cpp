#include "mint/machine.h"

#include <chrono>
#include <map>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "util/error_text.h"

namespace tune::mint {

namespace {

std::string lines_of(const std::vector<std::filesystem::path>& paths) {
  std::string text;
  for (const auto& p : paths) {
    if (!text.empty()) text += '\n';
    text += std::filesystem::absolute(p).string();
  }
  return text;
}

// The first non-empty lines of what the runner printed, for the error that quotes it.
std::string said(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  for (int n = 0; n < 3 && start < text.size();) {
    auto end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (!out.empty()) out += '\n';
    out += util::shown(line);
    ++n;
  }
  return out;
}

}  // namespace

std::string runner_text(const manifest& m) {
  return fmt::format("the runner {}", m.target.launcher.empty() ? std::string("(none)") : m.target.launcher.front());
}

std::string where_it_runs(const manifest& m) {
  return m.target.how == target_machine::run::runner ? fmt::format("the machine of {}", runner_text(m))
                                                     : std::string("this box");
}

util::spawn_options bench_process(const manifest& m, const std::vector<std::string>& args,
                                  const std::vector<std::filesystem::path>& inputs,
                                  const std::vector<std::filesystem::path>& outputs) {
  util::spawn_options run;
  if (m.target.how == target_machine::run::runner) {
    run.argv = m.target.launcher;
    auto env = util::current_environment();
    std::vector<std::filesystem::path> read = {m.bench};
    read.insert(read.end(), inputs.begin(), inputs.end());
    env[runner_inputs_variable] = lines_of(read);
    env[runner_outputs_variable] = lines_of(outputs);
    run.env = std::move(env);
  }
  run.argv.push_back(m.bench.string());
  run.argv.insert(run.argv.end(), args.begin(), args.end());
  return run;
}

box::box_info box_from_report(const std::string& text, const std::string& source) {
  const auto doc = nlohmann::json::parse(text, nullptr, false);
  const auto string_at = [&](const char* key) -> std::string {
    if (doc.is_object() && doc.contains(key) && doc[key].is_string()) return doc[key].get<std::string>();
    throw std::runtime_error(fmt::format("{} printed no `bench box` report (no string \"{}\" in what it printed: {})",
                                         source, key, util::shown(text)));
  };
  box::box_info box;
  box.identity = string_at("identity");
  box.platform = string_at("platform");
  box.arch = string_at("arch");
  box.cls = string_at("class");
  box.forced = string_at("forced_features");
  try {
    box.features = box::split(string_at("features"));
  } catch (const std::invalid_argument&) {
    throw std::runtime_error(fmt::format("{} reported the features {}, which are not a ';'-joined list", source,
                                         util::shown(doc["features"].get<std::string>())));
  }
  if (doc.contains("emulated") && doc["emulated"].is_string()) box.emulated = doc["emulated"].get<std::string>();
  if (!doc.contains("cpus") || !doc["cpus"].is_number_integer() || doc["cpus"].get<int>() < 1)
    throw std::runtime_error(
        fmt::format("{} printed no `bench box` report (no \"cpus\" of at least 1 in: {})", source, util::shown(text)));
  box.cpus = doc["cpus"].get<int>();
  if (doc.contains("maker") && doc["maker"].is_object()) {
    const auto& maker = doc["maker"];
    if (!maker.contains("maker") || !maker["maker"].is_string() || !maker.contains("model") ||
        !maker["model"].is_string())
      throw std::runtime_error(
          fmt::format("{} printed a `bench box` report whose \"maker\" lacks a string maker or "
                      "model: {}",
                      source, util::shown(text)));
    box.maker = box::cpu_maker{maker["maker"].get<std::string>(), maker["model"].get<std::string>()};
  }
  return box;
}

box::box_info machine_of(const manifest& m, const box::box_info& here) {
  if (m.target.how != target_machine::run::runner) return here;
  static std::map<std::string, box::box_info> asked;
  if (const auto it = asked.find(m.bench.string()); it != asked.end()) return it->second;
  const std::string runner = runner_text(m);
  if (!std::filesystem::exists(m.bench))
    throw std::runtime_error(fmt::format(
        "scope {} runs its bench through {} (TUNE_TARGET_RUNNER), and which machine that is, the bench says: build "
        "it first (cmake --build {} --target tune_bench_{})",
        m.scope, runner, m.build_dir.string(), m.scope));
  auto run = bench_process(m, {"box"});
  run.capture_stdout = true;
  run.capture_stderr = true;
  run.own_process_group = true;
  run.timeout = std::chrono::minutes(2);
  util::spawn_result ran;
  try {
    ran = util::run_process(run);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(
        fmt::format("scope {}: {} (TUNE_TARGET_RUNNER) could not start: {}; set "
                    "TUNE_TARGET_RUNNER to a program that runs its arguments on the target",
                    m.scope, runner, e.what()));
  }
  if (ran.signaled || ran.timed_out || ran.exit_code != 0) {
    const auto printed = said(ran.err);
    throw std::runtime_error(fmt::format(
        "scope {}: {} (TUNE_TARGET_RUNNER) failed to run `{} box` on the target ({}){}; check that it reaches the "
        "machine and runs the bench there",
        m.scope, runner, m.bench.string(), ran.describe(),
        printed.empty() ? std::string() : fmt::format("; it printed:\n{}", printed)));
  }
  auto box = box_from_report(ran.out, fmt::format("{} running `{} box`", runner, m.bench.string()));
  asked.emplace(m.bench.string(), box);
  return box;
}

}  // namespace tune::mint
