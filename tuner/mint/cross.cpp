#include "mint/cross.h"

#include <cstdio>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "box/classes.h"
#include "mint/machine.h"
#include "util/subprocess.h"

namespace tune::mint {

namespace {

void say(const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); }

// Runs `<bench> test` as `run` starts it, `where` naming that in messages, and says whether every
// row passed the gate.
bool gate(const manifest& m, util::spawn_options run, const std::string& where, const std::string& cls,
          const std::string& arch) {
  run.own_process_group = true;
  util::spawn_result ran;
  try {
    ran = util::run_process(run);
  } catch (const std::runtime_error& e) {
    say(fmt::format("error: cmake-tune: scope {}: the bench could not start: {}", m.scope, e.what()));
    return false;
  }
  if (ran.signaled || ran.exit_code != 0) {
    say(fmt::format(
        "error: cmake-tune: scope {}: verdict emulated: the correctness gate under {} did not pass ({}); the rows "
        "it names above are wrong or crash on {}",
        m.scope, where, ran.describe(), arch));
    return false;
  }
  say(fmt::format(
      "cmake-tune: scope {}: verdict emulated: every runnable row passed the gate under {}; nothing was timed, and "
      "the stamp takes profile seats and fallbacks for {}. To race, tune on {} hardware: build there, or name a "
      "runner that reaches one (TUNE_TARGET_RUNNER).",
      m.scope, where, cls, arch));
  return true;
}

}  // namespace

std::string stamped_class(const manifest& m, const box::box_info& box) {
  if (auto cls = tune::stamped_class(m); !cls.empty()) return cls;
  return box.emulated.empty() ? std::string() : box::base_class(box.platform, box.arch);
}

std::string other_target_text(const manifest& m, const std::string& cls) {
  if (!m.target_class.empty()) return fmt::format("TUNE_TARGET_CLASS={}", m.target_class);
  if (m.target.cross) return fmt::format("this cross build for {} (class {})", m.target.arch, cls);
  return fmt::format("this emulated box (class {})", cls);
}

bool tune_without_timing(const manifest& m, const box::box_info& box) {
  const std::string cls = stamped_class(m, box);
  if (!box.emulated.empty() &&
      (m.target.how == target_machine::run::native || m.target.how == target_machine::run::runner)) {
    say(
        fmt::format("cmake-tune: scope {}: emulated: {}, and a timing there measures the emulator, so nothing is "
                    "crowned; checking every row against the reference",
                    m.scope, box.emulated));
    // Through a runner, the runner's machine is the emulated one.
    const bool runner = m.target.how == target_machine::run::runner;
    return gate(m, bench_process(m, {"test"}), runner ? runner_text(m) : "this emulated box", cls, box.arch);
  }
  if (m.target.how == target_machine::run::none) {
    say(fmt::format(
        "cmake-tune: scope {}: raced nothing: this is a cross build for {}, and no CMAKE_CROSSCOMPILING_EMULATOR "
        "runs its bench on this build host, so it stamps profile seats and fallbacks for {}. To check every row, "
        "name an emulator in the toolchain file (CMAKE_CROSSCOMPILING_EMULATOR, e.g. qemu-aarch64-static); to race, "
        "name a runner that reaches a {} machine (TUNE_TARGET_RUNNER) or build and tune there.",
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
  return gate(m, run, m.target.launcher.empty() ? std::string("the emulator") : m.target.launcher.front(), cls,
              m.target.arch);
}

}  // namespace tune::mint
