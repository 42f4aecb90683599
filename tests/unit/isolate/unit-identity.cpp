// A row's identities (isolate/identity.h): the record isolation writes and the manifest reads, the
// hash over what a compile read, and the names a code identity is hashed under
// (isolate/isolate.h canonical_name).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "isolate/identity.h"
#include "isolate/isolate.h"
#include "test_files.h"
#include "util/sha256.h"

using namespace tune;

TEST_CASE("the record round-trips, with and without the files the compile read") {
  test::temp_dir dir;
  const std::string record = (dir / "dot__u4").string();
  CHECK_FALSE(isolate::read_row_identity(record).has_value());
  CHECK_FALSE(isolate::read_row_identity("").has_value());

  isolate::row_identity written{std::string(64, 'a'), std::vector<std::string>{"/src/a.cpp", "/src/a.h"},
                                std::string(64, 'b')};
  isolate::write_row_identity(record, written);
  auto read = isolate::read_row_identity(record);
  REQUIRE(read.has_value());
  CHECK(read->code_sha256 == written.code_sha256);
  CHECK(read->inputs == written.inputs);
  CHECK(read->inputs_sha256 == written.inputs_sha256);

  isolate::write_row_identity(record, {std::string(64, 'c'), std::nullopt, std::nullopt});
  read = isolate::read_row_identity(record);
  REQUIRE(read.has_value());
  CHECK_FALSE(read->inputs.has_value());
  CHECK_FALSE(read->inputs_sha256.has_value());
}

TEST_CASE("a corrupt or foreign record is an error naming the file, never an identity") {
  test::temp_dir dir;
  const std::string record = (dir / "dot__u4").string();
  const auto refused = [&](const std::string& text, const std::string& says) {
    test::write_text(isolate::identity_file(record), text);
    CHECK_THROWS_WITH_AS(isolate::read_row_identity(record), doctest::Contains(isolate::identity_file(record).c_str()),
                         std::runtime_error);
    CHECK_THROWS_WITH_AS(isolate::read_row_identity(record), doctest::Contains(says.c_str()), std::runtime_error);
  };
  refused("{\"format\": \"tune-row-identity/1\", \"code_sha2", "rebuild");
  refused("{\"format\": \"tune-row-identity/9\", \"code_sha256\": \"x\", \"inputs\": null, \"inputs_sha256\": null}",
          "format");
  refused("{\"format\": \"tune-row-identity/1\", \"code_sha256\": 7, \"inputs\": null, \"inputs_sha256\": null}",
          "code_sha256");
  refused("{\"format\": \"tune-row-identity/1\", \"code_sha256\": \"x\", \"inputs\": [1], \"inputs_sha256\": null}",
          "inputs");
}

TEST_CASE("the hash of what a compile read follows the files' contents, not their names") {
  test::temp_dir dir;
  test::write_text(dir / "a.h", "int a;\n");
  test::write_text(dir / "b.h", "int b;\n");
  test::write_text(dir / "copy/a.h", "int a;\n");
  const auto a = (dir / "a.h").string(), b = (dir / "b.h").string(), copy = (dir / "copy/a.h").string();
  const auto both = isolate::inputs_sha256({a, b});
  CHECK(both == isolate::inputs_sha256({copy, b}));
  CHECK(both != isolate::inputs_sha256({b, a}));
  CHECK(both != isolate::inputs_sha256({a}));
  test::write_text(dir / "b.h", "int b; // edited\n");
  CHECK(both != isolate::inputs_sha256({a, b}));
  CHECK_THROWS_WITH_AS(isolate::inputs_sha256({(dir / "gone.h").string()}), doctest::Contains("gone.h"),
                       std::runtime_error);
}

TEST_CASE("a row's own names are the family's in the copy its code identity is hashed from") {
  const std::vector<std::string> exports{"dot__u4", "dot_layout__u4"};
  // The entry as C and as C++, a companion, and names mangled with the entry inside them.
  CHECK(isolate::canonical_name("dot__u4", exports, "u4") == "dot__");
  CHECK(isolate::canonical_name("_Z7dot__u4PKfS0_m", exports, "u4") == "_Z5dot__PKfS0_m");
  CHECK(isolate::canonical_name("_Z14dot_layout__u4v", exports, "u4") == "_Z12dot_layout__v");
  CHECK(isolate::canonical_name("_ZZ7dot__u4PKfS0_mE5calls", exports, "u4") == "_ZZ5dot__PKfS0_mE5calls");
  CHECK(isolate::canonical_name("_ZZ7dot__u4PKfS0_mENKUlvE_clEv", exports, "u4") == "_ZZ5dot__PKfS0_mENKUlvE_clEv");
  CHECK(isolate::canonical_name(".text._Z7dot__u4PKfS0_m", exports, "u4") == ".text._Z5dot__PKfS0_m");
  // Two rows of the family meet on one name; other names are left as they are.
  CHECK(isolate::canonical_name("_Z7dot__u8PKfS0_m", {"dot__u8"}, "u8") ==
        isolate::canonical_name("_Z7dot__u4PKfS0_m", exports, "u4"));
  CHECK(isolate::canonical_name("_Z6helperi", exports, "u4") == "_Z6helperi");
  CHECK(isolate::canonical_name("dot__u44", exports, "u4") == "dot__u44");
}
