#pragma once
// The instruction check of an aarch64 row (docs/cmake-api.md, on rows left out): a row compiled for one
// ISA must contain no instruction of a feature its `requires=` does not promise, or a CPU of the
// class that runs it (DISPATCH, a profile seat) dies of SIGILL. Read from the cross objdump's
// disassembly, so it holds whatever the compiler or an `asm` statement emitted.
#include <optional>
#include <string>

#include "box/features.h"

namespace tune::isolate {

struct foreign_instruction {
  std::string line;     // as an assembler takes it, and where: "sdot v0.4s, v1.16b, v2.16b (offset 0x10)"
  std::string feature;  // the feature it needs: "dotprod"
};

// The first instruction of `disassembly` (`objdump -d` of an aarch64 object) that needs a feature
// outside `promised`: SVE's z and p registers (sve), SVE2's widening and narrowing instructions
// (sve2), sdot and udot (dotprod), the int8 matrix and mixed-sign dot products (i8mm), the bf16
// instructions (bf16). Advanced SIMD itself is every AArch64 core's and is not checked.
std::optional<foreign_instruction> aarch64_instruction_above(const std::string& disassembly,
                                                             const box::feature_set& promised);

// The features every box that satisfies `requires=` expression `needs` has: the groups of one
// alternative. Throws std::invalid_argument for a malformed expression.
box::feature_set promised_features(const std::string& needs);

}  // namespace tune::isolate
