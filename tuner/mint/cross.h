#pragma once
// The `tune` target of a cross build (docs/cmake-api.md "Cross-compiling"). The build host is not
// the target: nothing measured here says anything of it, and a timing under an emulator measures
// the emulator. So the target races nothing; under CMAKE_CROSSCOMPILING_EMULATOR it runs the
// correctness gate on every row there, and the stamp takes profile seats and fallbacks for the
// target's class (manifest.h stamped_class).
#include <string>

#include "box/identity.h"
#include "manifest/manifest.h"

namespace tune::mint {

// The class a build stamps for when it may not measure (manifest.h stamped_class), and also on a
// box that runs under user-mode emulation (box_info::emulated): the lowest class of its arch, as
// the emulator's CPU says nothing of the machines the program will run on. Empty: this box's.
std::string stamped_class(const manifest& m, const box::box_info& box);

// How a build that may not measure names what it is built for, in messages, with `cls` its
// stamped class: "TUNE_TARGET_CLASS=x86-avx2", "this cross build for aarch64 (class arm-neon)" or
// "this emulated box (class arm-neon)".
std::string other_target_text(const manifest& m, const std::string& cls);

// The `tune` target of cross build `m` (m.target.how is not native) or of a build on an emulated
// box: says in one line why it races nothing; where the bench runs (an emulator, or the emulated
// box itself), runs `<bench> test` there and says whether every row passed. Returns false when a
// row failed the gate or the bench could not run, which fails the target.
bool tune_without_timing(const manifest& m, const box::box_info& box);

}  // namespace tune::mint
