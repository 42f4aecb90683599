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

TEST_CASE("read_json_file names the path and where the parse stopped, in the tool's words") {
  test::temp_dir dir;
  const auto file = dir / "bad.json";
  test::write_text(file, "{\"x\": 1,\n}");
  CHECK_THROWS_WITH_AS(util::read_json_file(file),
                       (file.string() + ": the document: expected JSON, found '1,<U+000A>}' at byte 10").c_str(),
                       std::runtime_error);
}

TEST_CASE("write_json_file_atomic writes indented, newline-terminated JSON") {
  test::temp_dir dir;
  util::write_json_file_atomic(dir / "out/a.json", nlohmann::json{{"k", 1}});
  CHECK(test::read_text(dir / "out/a.json") == "{\n  \"k\": 1\n}\n");
}

TEST_CASE("the tool's JSON text replaces a byte that is not UTF-8 instead of failing the write") {
  // A build folder, a compiler's diagnostic or a kernel's exception may hold Latin-1 bytes.
  const nlohmann::json doc = {{"path", "/home/ren\xe9/build"}};
  CHECK(util::json_text(doc, -1) == "{\"path\":\"/home/ren\xef\xbf\xbd/build\"}");
  test::temp_dir dir;
  util::write_json_file_atomic(dir / "a.json", doc);
  CHECK(util::read_json_file(dir / "a.json")["path"] == "/home/ren\xef\xbf\xbd/build");
}
