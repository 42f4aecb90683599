// The manifest's `target` (manifest/manifest.h target_machine): how a cross build's bench runs,
// and the class such a build stamps for (stamped_class).
#include <doctest/doctest.h>

#include <string>

#include "manifest/manifest.h"
#include "test_files.h"
#include <stdexcept>

namespace {

// A manifest of one family with the given members before "families" (each followed by a comma).
tune::manifest load_target(const std::string& members) {
  tune::test::temp_dir dir;
  tune::test::write_text(dir / "manifest.json", R"json({"format": "tune-manifest/1", "project": "p", "scope": "s",
    "version": 1, "budget_s": null, "namespace": "", "sidecar": "/b/s.tune.json", "bench": "/b/bench",
    "build_dir": "/b", "state_dir": "/b/tune/s", "stamp_dir": "/b/include/tune/kernels", "defaults": "",
    "policy": "", "optimized": true, "release": false, "quick": false, "debug": false, "compiler": "GNU 12.2.0",
    "compiler_flags": "", )json" + members + R"json(
    "families": [{"name": "plain", "signature": "int(int x)", "tolerance": "exact", "timeout_s": null,
      "reference": "a", "fallback": ["a"], "sources": [], "companions": [],
      "rows": [{"suffix": "a", "axes": "A=a", "requires": "", "flags": [], "defines": []}]}]})json");
  return tune::load_manifest(dir / "manifest.json");
}

}  // namespace

TEST_CASE("a manifest without a target is a native build for this box") {
  const auto m = load_target(R"("target_class": "",)");
  CHECK(m.target.how == tune::target_machine::run::native);
  CHECK_FALSE(m.target.cross);
  CHECK(tune::stamped_class(m).empty());
}

TEST_CASE("a cross build under an emulator stamps for the lowest class of its arch") {
  const auto m = load_target(R"("target_class": "", "target": {"arch": "aarch64", "cross": true, "run": "emulator",
    "launcher": ["qemu-aarch64-static", "-L", "/usr/aarch64-linux-gnu"]},)");
  CHECK(m.target.how == tune::target_machine::run::emulator);
  CHECK(m.target.cross);
  CHECK(m.target.arch == "aarch64");
  CHECK(m.target.launcher == std::vector<std::string>{"qemu-aarch64-static", "-L", "/usr/aarch64-linux-gnu"});
  CHECK(tune::stamped_class(m) == "arm-neon");
}

TEST_CASE("TUNE_TARGET_CLASS wins over a cross build's default; other arches fall back") {
  CHECK(tune::stamped_class(load_target(R"("target_class": "arm-sve", "target": {"arch": "aarch64", "cross": true,
    "run": "none", "launcher": []},)")) == "arm-sve");
  CHECK(tune::stamped_class(load_target(R"("target_class": "", "target": {"arch": "riscv64", "cross": true,
    "run": "none", "launcher": []},)")) == "linux-riscv64");
  CHECK(tune::stamped_class(load_target(R"("target_class": "x86-avx2", "target": {"arch": "x86_64", "cross": false,
    "run": "native", "launcher": []},)")) == "x86-avx2");
}

TEST_CASE("a target run the tool does not know is refused, naming the member") {
  CHECK_THROWS_WITH_AS(load_target(R"("target_class": "", "target": {"arch": "aarch64", "cross": true, "run": "ssh",
    "launcher": []},)"),
                       doctest::Contains("target.run"), std::runtime_error);
}

TEST_CASE("a searched family's rows get the instruction check when the manifest names an objdump") {
  const std::string searched = R"json({"format": "tune-manifest/1", "project": "p", "scope": "s",
    "version": 1, "budget_s": null, "namespace": "", "sidecar": "/b/s.tune.json", "bench": "/b/bench",
    "build_dir": "/b", "state_dir": "/b/tune/s", "stamp_dir": "/b/include/tune/kernels", "defaults": "",
    "policy": "", "optimized": true, "release": false, "quick": false, "debug": false, "compiler": "GNU 12.2.0",
    "compiler_flags": "", "target_class": "",
    "families": [{"name": "dot", "signature": "int(int x)", "tolerance": "exact", "timeout_s": null,
      "reference": "a", "fallback": ["a"], "sources": [], "companions": [],
      "search": {"strategy": "random", "seed": 1, "budget_rows": 2, "budget_seconds": 0,
        "axes": [{"name": "ISA", "values": ["base", "neon"]}], "exclude": [], "constraints": [],
        "isa": [{"value": "base", "flags": [], "requires": ""}, {"value": "neon", "flags": [], "requires": "neon"}],
        "archive": "/b/libtune_search_dot.a",
        "template_row": "a", "template_objects": "/b/a.o", "cmake": "cmake", "module_dir": "/m", "ar": "ar",
        "linker": "ld", "objcopy": "objcopy"OBJDUMP},
      "rows": [{"suffix": "a", "axes": "", "requires": "neon", "flags": [], "defines": []}]}]})json";
  const auto load = [&](const std::string& objdump) {
    tune::test::temp_dir dir;
    std::string text = searched;
    text.replace(text.find("OBJDUMP"), 7, objdump);
    tune::test::write_text(dir / "manifest.json", text);
    return tune::load_manifest(dir / "manifest.json");
  };
  CHECK(load(R"(, "objdump": "/usr/bin/aarch64-linux-gnu-objdump")").families.at(0).search->objdump ==
        "/usr/bin/aarch64-linux-gnu-objdump");
  CHECK(load(R"(, "objdump": "")").families.at(0).search->objdump.empty());
  CHECK(load("").families.at(0).search->objdump.empty());  // a manifest written before the check
}

TEST_CASE("a searched family's manifest that does not describe its rows is refused naming the file") {
  const std::string searched = R"json({"format": "tune-manifest/1", "project": "p", "scope": "s",
    "version": 1, "budget_s": null, "namespace": "", "sidecar": "/b/s.tune.json", "bench": "/b/bench",
    "build_dir": "/b", "state_dir": "/b/tune/s", "stamp_dir": "/b/include/tune/kernels", "defaults": "",
    "policy": "", "optimized": true, "release": false, "quick": false, "debug": false, "compiler": "GNU 12.2.0",
    "compiler_flags": "", "target_class": "",
    "families": [{"name": "dot", "signature": "int(int x)", "tolerance": "exact", "timeout_s": null,
      "reference": "u1", "fallback": ["u1"], "sources": [], "companions": [],
      "search": {"strategy": "random", "seed": 1, "budget_rows": 2, "budget_seconds": 0,
        "axes": [{"name": "U", "values": ["1", "2"]}], "exclude": [], "constraints": [], "isa": [],
        "archive": "/b/libtune_search_dot.a", "template_row": "TEMPLATE", "template_objects": "/b/a.o",
        "cmake": "cmake", "module_dir": "/m", "ar": "ar", "linker": "ld", "objcopy": "objcopy"},
      "rows": [{"suffix": "u1", "axes": "U=1", "requires": "", "flags": [], "defines": DEFINES,
        "linkage": "CXX", "build_record": "/b/rows/dot__u1"}]}]})json";
  const auto load = [&](const std::string& template_row, const std::string& defines) {
    tune::test::temp_dir dir;
    std::string text = searched;
    text.replace(text.find("TEMPLATE"), 8, template_row);
    text.replace(text.find("DEFINES"), 7, defines);
    tune::test::write_text(dir / "manifest.json", text);
    return tune::load_manifest(dir / "manifest.json");
  };
  const std::string made =
      R"(["TUNE_ENTRY=dot__u1", "TUNE_ROW_SUFFIX=u1", "TUNE_IS_REFERENCE=1", "TUNE_AXIS_U=1", "TUNE_AXIS_U_IS_1=1", "TUNE_AXIS_U_IS_2=0"])";
  const auto m = load("u1", made);
  // The tool makes every other row as configure declared this one.
  const auto* u2 = m.families.at(0).row("u2");
  REQUIRE(u2);
  CHECK(u2->build_record == "/b/rows/dot__u2");
  CHECK(u2->left_out == std::optional<std::string>(tune::not_visited));
  CHECK_FALSE(m.families.at(0).row("u3"));
  CHECK_THROWS_WITH_AS(load("u1", R"(["TUNE_ENTRY=dot__u1"])"),
                       doctest::Contains("the declared record of row u1 is not the one the tool makes of its axes"),
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(load("u9", made), doctest::Contains("manifest.json: family dot: its search's template row u9"),
                       std::runtime_error);
}
