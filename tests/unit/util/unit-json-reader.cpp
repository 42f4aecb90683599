// The bounded JSON reader (util/json_reader.h): every hostile input of a file the tool reads is
// a json_error naming the file, the JSON path, what was expected and what was found; no library
// text, no crash, no hang.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <string>

#include "test_files.h"
#include "util/atomic_file.h"
#include "util/json_reader.h"

using tune::util::json_at;
using tune::util::json_error;
using tune::util::parse_json;

namespace {

// The json_error `text` gives, as the tool would show it.
std::string error_of(const std::string& text) {
  try {
    parse_json(text, "/b/app.tune.json");
  } catch (const json_error& e) {
    CHECK(std::string(e.what()).find("json.exception") == std::string::npos);
    return e.what();
  }
  return "no error";
}

std::string nested(int depth, const std::string& open, const std::string& close) {
  std::string out;
  for (int i = 0; i < depth; ++i) out += open;
  for (int i = 0; i < depth; ++i) out += close;
  return out;
}

}  // namespace

TEST_CASE("a number out of range, anywhere, names its path and the number") {
  CHECK(error_of(R"({"race": {"dot": {"rows": {"u4": {"rounds": 1e400}}}}})") ==
        "/b/app.tune.json: at race.dot.rows.u4.rounds: expected a number within the range of a double, found the "
        "number 1e400");
  CHECK(error_of(R"({"x": [1, 2, {"y": -1e999}]})") ==
        "/b/app.tune.json: at x[2].y: expected a number within the range of a double, found the number -1e999");
  CHECK(error_of("{\"big\": " + std::string(400, '9') + "}")
            .find("at big: expected a number within the range of a "
                  "double, found the number 9999") != std::string::npos);
}

TEST_CASE("a byte that is not UTF-8 in a string is named as bytes, never copied raw") {
  const auto e = error_of("{\"scopes\": {\"s\": {\"note\": \"ok\xff\"}}}");
  CHECK(e ==
        "/b/app.tune.json: at scopes.s.note: expected UTF-8 text in a string, found the bytes \"ok\\xff\" ending "
        "at byte 30");
  CHECK(e.find('\xff') == std::string::npos);
}

TEST_CASE("nesting deeper than the bound stops the parse at the bound, with the path there") {
  const auto deep = error_of(R"({"race": {"dot": )" + nested(20000, "[", "]") + "}}");
  CHECK(deep.find("/b/app.tune.json: at race.dot[0][0]") == 0);
  CHECK(deep.find("expected at most 64 levels of nested objects and arrays, found a deeper one") != std::string::npos);
  CHECK(deep.find("[0]...[0]") != std::string::npos);  // a path too deep for a message shows its two ends
  CHECK(deep.size() < 300);
  CHECK(error_of(R"({"unknown": )" + nested(100000, "[", "]") + "}").find("expected at most 64 levels") !=
        std::string::npos);
  CHECK(error_of(nested(65, "[", "]")).find("expected at most") != std::string::npos);
  CHECK(parse_json(nested(64, "[", "]"), "f").is_array());
}

TEST_CASE("syntax errors name where the parse stopped, in the tool's words") {
  CHECK(error_of(R"({"format": "tune-sidecar/1",)") ==
        "/b/app.tune.json: the document: expected more JSON, found the end of the file (at byte 29)");
  CHECK(error_of("this is not JSON") == "/b/app.tune.json: the document: expected JSON, found 'th' at byte 2");
  CHECK(error_of("").find("expected more JSON") != std::string::npos);
}

TEST_CASE("a file larger than the bound, or one that is not a regular file, is refused before it is read") {
  tune::test::temp_dir dir;
  const auto big = dir.path() / "big.json";
  tune::util::write_file_atomic(big, "[" + std::string(2000, ' ') + "]");
  tune::util::json_limits small;
  small.max_bytes = 1000;
  CHECK_THROWS_WITH_AS(tune::util::read_json(big, small),
                       (big.string() + ": the document: expected at most 1000 bytes, found 2002 bytes").c_str(),
                       json_error);
  const auto fifo = dir.path() / "fifo.json";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THROWS_WITH_AS(tune::util::read_json(fifo),
                       (fifo.string() + ": the document: expected a regular file, found a FIFO").c_str(), json_error);
  CHECK_THROWS_WITH_AS(tune::util::read_json("/dev/zero"),
                       "/dev/zero: the document: expected a regular file, found a device or socket", json_error);
  CHECK_FALSE(tune::util::read_json(dir.path() / "absent.json").has_value());
}

TEST_CASE("typed access names the path, what was expected and what was found") {
  const auto doc = parse_json(R"({"race": {"dot": {"rows": {"u4": {"rounds": "five", "median_ns": null}}}},
                                  "threads": 1000000000000000000, "list": ["a", 2]})",
                              "/b/plan.json");
  const json_at root(doc, "/b/plan.json");
  const auto row = root["race"]["dot"]["rows"]["u4"];
  CHECK_THROWS_WITH_AS(row["rounds"].integer(0, 1000000),
                       "/b/plan.json: at race.dot.rows.u4.rounds: expected an integer from 0 to 1000000, found a "
                       "string \"five\"",
                       json_error);
  CHECK_FALSE(row["median_ns"].number_or_null().has_value());
  CHECK_THROWS_WITH_AS(row["best_ns"],
                       "/b/plan.json: at race.dot.rows.u4.best_ns: expected a value, found nothing (the "
                       "member is missing)",
                       json_error);
  CHECK_THROWS_WITH_AS(root["threads"].integer(1, 4096),
                       "/b/plan.json: at threads: expected an integer from 1 to 4096, found the number "
                       "1000000000000000000",
                       json_error);
  CHECK_THROWS_WITH_AS(json_at(parse_json("{\"n\": 0}", "f"), "f")["n"].integer(1, 9),
                       "f: at n: expected an integer from 1 to 9, found the number 0", json_error);
  CHECK_THROWS_WITH_AS(root["list"].strings(), "/b/plan.json: at list[1]: expected a string, found the number 2",
                       json_error);
  CHECK_THROWS_WITH_AS(root["race"].string(), "/b/plan.json: at race: expected a string, found an object of 1 members",
                       json_error);
}
