#include <doctest/doctest.h>

#include "test_files.h"
#include "util/json_file.h"

using namespace tune;

TEST_CASE("read_json_file parses a file") {
  test::temp_dir dir;
  test::write_text(dir / "a.json", R"({"x": [1, 2]})");
  CHECK(util::read_json_file(dir / "a.json") == nlohmann::json{{"x", {1, 2}}});
}

TEST_CASE("read_json_file names the path of an absent file") {
  test::temp_dir dir;
  const auto file = dir / "none.json";
  CHECK_THROWS_WITH_AS(util::read_json_file(file), ("cannot read \"" + file.string() + "\": it does not exist").c_str(),
                       std::runtime_error);
}

TEST_CASE("read_json_file names the path and the parse error") {
  test::temp_dir dir;
  const auto file = dir / "bad.json";
  test::write_text(file, "{\"x\": 1,\n}");
  CHECK_THROWS_WITH_AS(util::read_json_file(file),
                       ("\"" + file.string() +
                        "\" is not valid JSON: [json.exception.parse_error.101] parse error at line 2, column 1: "
                        "syntax error while parsing object key - unexpected '}'; expected string literal")
                           .c_str(),
                       std::runtime_error);
}

TEST_CASE("write_json_file_atomic writes indented, newline-terminated JSON") {
  test::temp_dir dir;
  util::write_json_file_atomic(dir / "out/a.json", nlohmann::json{{"k", 1}});
  CHECK(test::read_text(dir / "out/a.json") == "{\n  \"k\": 1\n}\n");
}
