// What a build that may not time stamps for (mint/cross.h): TUNE_TARGET_CLASS, a cross build's
// target, or a box that runs under user-mode emulation; and how its messages name it.
#include <doctest/doctest.h>

#include "mint/cross.h"

namespace {

tune::box::box_info real_box() {
  tune::box::box_info box;
  box.platform = "linux";
  box.arch = "aarch64";
  box.cls = "arm-sve2";
  return box;
}

tune::box::box_info emulated_box() {
  auto box = real_box();
  box.emulated = "this aarch64 process runs under user-mode emulation (QEMU)";
  return box;
}

}  // namespace

TEST_CASE("a native build on a real CPU stamps for this box") {
  CHECK(tune::mint::stamped_class(tune::manifest{}, real_box()).empty());
}

TEST_CASE("an emulated box stamps for the lowest class of its arch, not the emulator's CPU") {
  const tune::manifest m;
  CHECK(tune::mint::stamped_class(m, emulated_box()) == "arm-neon");
  CHECK(tune::mint::other_target_text(m, "arm-neon") == "this emulated box (class arm-neon)");
}

TEST_CASE("TUNE_TARGET_CLASS wins; a cross build names its target") {
  tune::manifest m;
  m.target_class = "arm-dotprod";
  CHECK(tune::mint::stamped_class(m, emulated_box()) == "arm-dotprod");
  CHECK(tune::mint::other_target_text(m, "arm-dotprod") == "TUNE_TARGET_CLASS=arm-dotprod");
  tune::manifest cross;
  cross.target = {"aarch64", true, tune::target_machine::run::none, {}};
  CHECK(tune::mint::stamped_class(cross, real_box()) == "arm-neon");
  CHECK(tune::mint::other_target_text(cross, "arm-neon") == "this cross build for aarch64 (class arm-neon)");
}
