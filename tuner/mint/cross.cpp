#include "mint/cross.h"

#include <cstdio>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "box/classes.h"
#include "util/subprocess.h"

namespace tune::mint {

namespace {

void say(const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); }

// Runs `<launcher> <bench> test` and says whether every row passed the gate.
bool gate(const manifest& m, const std::vector<std::string>& launcher, const std::string& cls,
          const std::string& arch) {
  util::spawn_options run;
  run.argv = launcher;
  run.argv.push_back(m.bench.string());
  run.argv.push_back("test");
  if (!launcher.empty()) {
    auto env = util::current_environment();
    env[util::bench_emulator_variable] = nlohmann::json(launcher).dump();
    run.env = std::move(env);
  }
  run.own_process_group = true;
  const std::string where = launcher.empty() ? std::string("this emulated box") : launcher.front();
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
      "the stamp takes profile seats and fallbacks for {}. To race, build and tune on the target ({}) itself.",
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
  if (!box.emulated.empty() && m.target.how == target_machine::run::native) {
    say(
        fmt::format("cmake-tune: scope {}: emulated: {}, and a timing there measures the emulator, so nothing is "
                    "crowned; checking every row against the reference",
                    m.scope, box.emulated));
    return gate(m, {}, cls, box.arch);
  }
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
  return gate(m, m.target.launcher, cls, m.target.arch);
}

}  // namespace tune::mint
