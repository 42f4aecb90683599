// De-duplication's choice of the row that is timed for a code (race/same_code.h).
#include <doctest/doctest.h>

#include "race/same_code.h"

using namespace tune::race;

namespace {
using map = std::map<std::string, std::string>;
}

TEST_CASE("rows of one code are timed once, as the first of them in declaration order") {
  const std::vector<std::string> rows{"u1", "u2", "u4", "u8"};
  const map codes{{"u1", "a"}, {"u2", "b"}, {"u4", "a"}, {"u8", "a"}};
  CHECK(same_code(rows, codes, "u2", std::nullopt, "u2") == map{{"u4", "u1"}, {"u8", "u1"}});
  CHECK(same_code_text("u1") == "same code as u1");
}

TEST_CASE("the fallback, then the incumbent, then the reference is its code's timed row") {
  const std::vector<std::string> rows{"u1", "u2", "u4", "u8"};
  const map codes{{"u1", "a"}, {"u2", "a"}, {"u4", "a"}, {"u8", "a"}};
  CHECK(same_code(rows, codes, "u8", "u4", "u2") == map{{"u1", "u8"}, {"u2", "u8"}, {"u4", "u8"}});
  const map two{{"u1", "a"}, {"u2", "a"}, {"u4", "b"}, {"u8", "b"}};
  CHECK(same_code(rows, two, "u8", "u2", "u1") == map{{"u1", "u2"}, {"u4", "u8"}});
  CHECK(same_code(rows, two, "u8", std::nullopt, "u2") == map{{"u1", "u2"}, {"u4", "u8"}});
  // An incumbent the race cannot time (not among the rows) is no candidate to represent a code.
  CHECK(same_code({"u1", "u2"}, two, "u1", "u8", "u1") == map{{"u2", "u1"}});
}

TEST_CASE("rows without a recorded code stand alone; rows outside the race are not grouped") {
  const map codes{{"u1", "a"}, {"u4", "a"}, {"u8", "a"}};
  CHECK(same_code({"u1", "u2", "u4"}, codes, "u2", std::nullopt, "u2") == map{{"u4", "u1"}});
  CHECK(same_code({"u1", "u2"}, codes, "u2", std::nullopt, "u2").empty());
  CHECK(same_code({}, codes, "u1", std::nullopt, "u1").empty());
}
