#pragma once
// The `tune` target of a cross build (docs/cmake-api.md "Cross-compiling"). The build host is not
// the target: nothing measured here says anything of it, and a timing under an emulator measures
// the emulator. So the target races nothing; under CMAKE_CROSSCOMPILING_EMULATOR it runs the
// correctness gate on every row there, and the stamp takes profile seats and fallbacks for the
// target's class (manifest.h stamped_class).
#include <string>

#include "manifest/manifest.h"

namespace tune::mint {

// How a build that may not measure names what it is built for, in messages:
// "TUNE_TARGET_CLASS=x86-avx2", or "this cross build for aarch64 (class arm-neon)".
std::string other_target_text(const manifest& m);

// The `tune` target of cross build `m` (m.target.how is not native): says in one line why it
// races nothing; with an emulator, runs `<emulator> <bench> test` and says whether every row
// passed. Returns false when a row failed the gate or the bench could not run, which fails the
// target.
bool cross_tune(const manifest& m);

}  // namespace tune::mint
