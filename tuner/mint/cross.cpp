#include "mint/cross.h"

#include <cstdio>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "util/subprocess.h"

namespace tune::mint {

namespace {

void say(const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); }

}  // namespace

std::string other_target_text(const manifest& m) {
  if (!m.target_class.empty()) return fmt::format("TUNE_TARGET_CLASS={}", m.target_class);
  return fmt::format("this cross build for {} (class {})", m.target.arch, stamped_class(m));
}

bool cross_tune(const manifest& m) {
  const std::string cls = stamped_class(m);
  if (m.target.how == target_machine::run::none) {
    say(fmt::format(
        "cmake-tune: scope {}: raced nothing: this is a cross build for {}, and no CMAKE_CROSSCOMPILING_EMULATOR "
        "runs its bench on this build host, so it stamps profile seats and fallbacks for {}. To check every row, "
        "name an emulator in the toolchain file (CMAKE_CROSSCOMPILING_EMULATOR, e.g. qemu-aarch64-static); to race, "
        "build and tune on the target ({}) itself.",
        m.scope, m.target.arch, cls, m.target.arch));
    return true;
  }
  say(fmt::format(
      "cmake-tune: scope {}: emulated: {} runs the bench, and a timing under an emulator measures the emulator, so "
      "nothing is crowned; checking every row against the reference there",
      m.scope, m.target.launcher.empty() ? std::string("the emulator") : m.target.launcher.front()));
  util::spawn_options run;
  run.argv = m.target.launcher;
  run.argv.push_back(m.bench.string());
  run.argv.push_back("test");
  auto env = util::current_environment();
  env[util::bench_emulator_variable] = nlohmann::json(m.target.launcher).dump();
  run.env = std::move(env);
  run.own_process_group = true;
  util::spawn_result ran;
  try {
    ran = util::run_process(run);
  } catch (const std::runtime_error& e) {
    say(fmt::format("error: cmake-tune: scope {}: the emulator could not start the bench: {}", m.scope, e.what()));
    return false;
  }
  if (ran.signaled || ran.exit_code != 0) {
    say(fmt::format(
        "error: cmake-tune: scope {}: verdict emulated: the correctness gate under {} did not pass ({}); the rows "
        "it names above are wrong or crash on {}",
        m.scope, fmt::join(m.target.launcher, " "), ran.describe(), m.target.arch));
    return false;
  }
  say(fmt::format(
      "cmake-tune: scope {}: verdict emulated: every runnable row passed the gate under {}; nothing was timed, and "
      "the stamp takes profile seats and fallbacks for {}. To race, build and tune on the target ({}) itself.",
      m.scope, m.target.launcher.front(), cls, m.target.arch));
  return true;
}

}  // namespace tune::mint
