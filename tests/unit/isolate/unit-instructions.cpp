// The instruction check of aarch64 rows (isolate/instructions.h), on `objdump -d` text as the
// cross binutils print it.
#include <doctest/doctest.h>

#include <string>

#include "isolate/instructions.h"

using tune::isolate::aarch64_instruction_above;
using tune::isolate::promised_features;

namespace {

// A function's disassembly with `body` as its instruction lines.
std::string disassembly(const std::string& body) {
  return "\nprobe__x.o:     file format elf64-littleaarch64\n\n\nDisassembly of section .text:\n\n"
         "0000000000000000 <_Z8probe__xi>:\n" +
         body + "   8:\td65f03c0 \tret\n";
}

}  // namespace

TEST_CASE("plain Advanced SIMD and general code need nothing a row must promise") {
  const auto text = disassembly(
      "   0:\t4ea08400 \tadd\tv0.4s, v0.4s, v0.4s\n"
      "   4:\t531f7800 \tlsl\tw0, w0, #1\n"
      "   6:\t54000041 \tb.ne\t10 <_Z8probe__xi+0x10>  // b.any\n"
      "   7:\t4e183c00 \tzip1\tv0.2d, v0.2d, v24.2d\n");
  CHECK_FALSE(aarch64_instruction_above(text, {}));
}

TEST_CASE("sdot is refused in a base or neon row and taken in a dotprod row") {
  const auto text = disassembly("   4:\t4e829420 \tsdot\tv0.4s, v1.16b, v2.16b\n");
  const auto found = aarch64_instruction_above(text, promised_features("neon"));
  REQUIRE(found);
  CHECK(found->feature == "dotprod");
  CHECK(found->line == "sdot v0.4s, v1.16b, v2.16b (offset 0x4)");
  CHECK(aarch64_instruction_above(text, {})->feature == "dotprod");
  CHECK_FALSE(aarch64_instruction_above(text, promised_features("neon,dotprod")));
}

TEST_CASE("SVE's z and p registers and its counters need sve; SVE2's widening forms need sve2") {
  const auto z = disassembly("   0:\t04a10020 \tadd\tz0.s, z1.s, z1.s\n");
  const auto p = disassembly("   0:\t2598e3e0 \tptrue\tp0.s\n");
  const auto counter = disassembly("   0:\t04a0e3e9 \tcntw\tx9\n");
  const auto sve2 = disassembly("   0:\t45820020 \tsaddlb\tz0.s, z1.h, z2.h\n");
  for (const auto* text : {&z, &p, &counter}) {
    CHECK(aarch64_instruction_above(*text, promised_features("neon,dotprod"))->feature == "sve");
    CHECK_FALSE(aarch64_instruction_above(*text, promised_features("neon,sve")));
  }
  CHECK(aarch64_instruction_above(sve2, promised_features("neon,dotprod"))->feature == "sve");
  CHECK(aarch64_instruction_above(sve2, promised_features("neon,sve"))->feature == "sve2");
  CHECK_FALSE(aarch64_instruction_above(sve2, promised_features("neon,sve,sve2")));
}

TEST_CASE("SVE's own sdot needs sve, not dotprod; the int8 matrix and bf16 instructions need theirs") {
  CHECK_FALSE(aarch64_instruction_above(disassembly("   0:\t44820020 \tsdot\tz0.s, z1.b, z2.b\n"),
                                        promised_features("neon,sve")));
  CHECK(aarch64_instruction_above(disassembly("   0:\t4e82a420 \tsmmla\tv0.4s, v1.16b, v2.16b\n"),
                                  promised_features("neon,dotprod"))
            ->feature == "i8mm");
  CHECK(aarch64_instruction_above(disassembly("   0:\t2e42fc20 \tbfdot\tv0.2s, v1.4h, v2.4h\n"),
                                  promised_features("neon,dotprod,i8mm"))
            ->feature == "bf16");
}

TEST_CASE("a requires= group of alternatives promises none of them") {
  CHECK(promised_features("neon,dotprod|sve") == tune::box::feature_set{"neon"});
  CHECK(promised_features("").empty());
  CHECK_THROWS_AS(promised_features("neon,warp9"), std::invalid_argument);
}
