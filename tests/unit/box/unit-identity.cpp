// Box identity: assembly, the major.minor cut of the OS release, the x86 signature decode.
#include <doctest/doctest.h>

#include <stdexcept>

#include "box/features.h"
#include "box/identity.h"

using tune::box::cut_os_release;
using tune::box::make_identity;
using tune::box::x86_signature;

TEST_CASE("the identity joins five parts with '|' and keeps major.minor of the OS release") {
  CHECK(make_identity("linux", "x86_64", "AMD EPYC 7B13", "family 25 model 1 stepping 1", "6.1.0-18-amd64") ==
        "linux|x86_64|AMD EPYC 7B13|family 25 model 1 stepping 1|6.1");
}

TEST_CASE("a patch update of the OS does not change the identity") {
  CHECK(make_identity("linux", "x86_64", "m", "s", "6.1.0-18-amd64") ==
        make_identity("linux", "x86_64", "m", "s", "6.1.76-1"));
  CHECK(make_identity("linux", "x86_64", "m", "s", "6.1.0") != make_identity("linux", "x86_64", "m", "s", "6.2.0"));
}

TEST_CASE("cut_os_release keeps the leading <major>.<minor>") {
  CHECK(cut_os_release("6.1.0-18-amd64") == "6.1");
  CHECK(cut_os_release("6.18.44-fc-v782") == "6.18");
  CHECK(cut_os_release("5.15") == "5.15");
  CHECK(cut_os_release("6.1-rc3") == "6.1");
  CHECK(cut_os_release("14.0-RELEASE-p5") == "14.0");
  CHECK(cut_os_release("23.4.0") == "23.4");
}

TEST_CASE("an OS release without <major>.<minor> is an error naming it") {
  for (const char* bad : {"6", "6.", ".1", "abc", "v6.1", ""}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH_AS(cut_os_release(bad),
                         (std::string("OS release \"") + bad +
                          "\" does not start with <major>.<minor>; the box identity keeps only those")
                             .c_str(),
                         std::invalid_argument);
  }
}

TEST_CASE("identity parts must be non-empty and free of the separator") {
  CHECK_THROWS_WITH_AS(make_identity("linux", "x86_64", "A|B", "s", "6.1"),
                       "box identity: the cpu-model-name \"A|B\" contains '|', the identity separator",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(make_identity("linux", "x86_64", "m", "", "6.1"), "box identity: the cpu-signature is empty",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(make_identity("linux", "x86_64", "m", "s", ""), "box identity: the os-release is empty",
                       std::invalid_argument);
}

TEST_CASE("x86 signature: display family and model from leaf 1 eax") {
  CHECK(x86_signature(0x00A00F11) == "family 25 model 1 stepping 1");   // AMD EPYC 7B13 (Milan)
  CHECK(x86_signature(0x00A10F11) == "family 25 model 17 stepping 1");  // AMD EPYC 9004 (Genoa)
  CHECK(x86_signature(0x00050654) == "family 6 model 85 stepping 4");   // Xeon Skylake-SP
  CHECK(x86_signature(0x000806F8) == "family 6 model 143 stepping 8");  // Xeon Sapphire Rapids
  CHECK(x86_signature(0x00000F29) == "family 15 model 2 stepping 9");   // Pentium 4
  CHECK(x86_signature(0x00010543) == "family 5 model 4 stepping 3");    // extended model unused below family 6
  CHECK(x86_signature(0x0FF00F00) == "family 270 model 0 stepping 0");  // extended family is 8 bits
}

TEST_CASE("an SVE vector length ends the signature; a box without SVE keeps it as it was") {
  const std::string arm = "implementer 0x41 variant 0x1 part 0xd40 revision 1";
  CHECK(tune::box::with_sve_length(arm, 256u) == arm + " sve-vl 256");
  CHECK(tune::box::with_sve_length(arm, std::nullopt) == arm);
  // Two boxes of one CPU at two lengths are two boxes.
  CHECK(tune::box::make_identity("linux", "aarch64", "Neoverse-V1", tune::box::with_sve_length(arm, 128u), "6.1.0") !=
        tune::box::make_identity("linux", "aarch64", "Neoverse-V1", tune::box::with_sve_length(arm, 256u), "6.1.0"));
#if !defined(__aarch64__)
  CHECK_FALSE(tune::box::sve_vector_bits());  // only aarch64 has SVE (tests/cross/dispatch.cmake runs it there)
#endif
}
