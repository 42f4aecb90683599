// Who made the CPU (box/maker.h), and the note a box adopting another maker's profile is given
// (profile/format.h other_maker_note).
#include <doctest/doctest.h>

#include "box/maker.h"
#include "profile/format.h"

using tune::box::cpu_maker;

TEST_CASE("aarch64: the MIDR implementer named where it is known, and the part") {
  const auto graviton3 = tune::box::arm_maker(
      tune::box::parse_cpuinfo("processor\t: 0\nCPU implementer\t: 0x41\nCPU variant\t: 0x1\nCPU part\t: 0xd40\n"));
  REQUIRE(graviton3);
  CHECK(graviton3->maker == "Arm (implementer 0x41)");
  CHECK(graviton3->model == "part 0xd40");
  CHECK(tune::box::arm_maker(tune::box::parse_cpuinfo("CPU implementer\t: 0xc0\nCPU part\t: 0xac3\n"))->maker ==
        "Ampere (implementer 0xc0)");
  CHECK(tune::box::arm_maker(tune::box::parse_cpuinfo("CPU implementer\t: 0x6d\nCPU part\t: 0xd49\n"))->maker ==
        "implementer 0x6d");
  CHECK_FALSE(tune::box::arm_maker(tune::box::parse_cpuinfo("vendor_id\t: AuthenticAMD\n")));
}

TEST_CASE("x86-64: the CPUID vendor and the display family and model, without the stepping") {
  const auto zen4 = tune::box::x86_maker("AuthenticAMD", 0x00A10F11);
  CHECK(zen4.maker == "AuthenticAMD");
  CHECK(zen4.model == "family 25 model 17");
}

TEST_CASE("a profile of another maker's CPU is named; the same maker, or an unknown one, is not") {
  tune::profile::profile p;
  p.cls = "x86-avx512";
  p.provenance = {{"features", ""}, {"cpu", {{"maker", "AuthenticAMD"}, {"model", "family 25 model 17"}}}};
  const cpu_maker intel{"GenuineIntel", "family 6 model 143"};
  CHECK(
      tune::profile::other_maker_note(p, intel) ==
      "profile x86-avx512 was minted on AuthenticAMD family 25 model 17, this box is GenuineIntel family 6 model 143");
  CHECK_FALSE(tune::profile::other_maker_note(p, cpu_maker{"AuthenticAMD", "family 25 model 97"}));
  CHECK_FALSE(tune::profile::other_maker_note(p, std::nullopt));
  p.provenance = {{"features", ""}};  // exported before provenance.cpu
  CHECK_FALSE(tune::profile::other_maker_note(p, intel));
  p.provenance = {{"cpu", {{"maker", 7}}}};  // a hand-edited profile: not a note, not a crash
  CHECK_FALSE(tune::profile::other_maker_note(p, intel));
}
