#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "harness/gate.h"
#include "test_files.h"

namespace fs = std::filesystem;
using tune::bench::build_failure;
using tune::bench::row_info;

namespace {

// A row whose build record lies in `dir`, with GATE_ENTRIES_OBJECT as its isolated object.
row_info row_in(const fs::path& dir, const std::string& entry, bool with_object) {
  row_info row;
  row.suffix = entry.substr(entry.find("__") + 2);
  row.built = false;
  row.build_record = (dir / entry).string();
  if (with_object) fs::copy_file(GATE_ENTRIES_OBJECT, row.build_record + ".o");
  return row;
}

}  // namespace

TEST_CASE("a row the bench lacks though its object was built says which linkage the object has") {
  const tune::test::temp_dir dir;
  const auto plain = build_failure("fam__plain", row_in(dir.path(), "fam__plain", true));
  CHECK(plain.stage == "link");
  CHECK(plain.detail.find("was built and the build recorded no failure of it") != std::string::npos);
  CHECK(plain.detail.find("defines fam__plain with C linkage, and the bench declares it with C++ linkage") !=
        std::string::npos);
  CHECK(plain.detail.find("C or Fortran") != std::string::npos);
  CHECK(plain.detail.find("did not build") == std::string::npos);

  const auto mangled = build_failure("fam__mangled", row_in(dir.path(), "fam__mangled", true));
  CHECK(mangled.detail.find("defines fam__mangled with C++ linkage (as _Z12fam__mangledi), and the bench declares "
                            "it extern \"C\"") != std::string::npos);

  const auto absent = build_failure("fam__absent", row_in(dir.path(), "fam__absent", true));
  CHECK(absent.detail.find("defines no global function named fam__absent") != std::string::npos);
}

TEST_CASE("a row with no object and no record says its object was not built") {
  const tune::test::temp_dir dir;
  const auto none = build_failure("fam__plain", row_in(dir.path(), "fam__plain", false));
  CHECK(none.stage == "compile");
  CHECK(none.detail.find("was not built, and the build left no record at") != std::string::npos);
}

TEST_CASE("a build record says why before the object does") {
  const tune::test::temp_dir dir;
  auto row = row_in(dir.path(), "fam__plain", true);
  tune::test::write_text(row.build_record + ".fail.txt", "isolate\ncmake-tune: row fam__plain exports x\n");
  const auto failure = build_failure("fam__plain", row);
  CHECK(failure.stage == "isolate");
  CHECK(failure.detail == "cmake-tune: row fam__plain exports x");
}
