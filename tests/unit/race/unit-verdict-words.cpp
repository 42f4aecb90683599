// A race table's verdict word and its enum (race/result.h verdict_of): every word reads back as
// its verdict, and a word this version does not know is kept as written.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "race/table.h"

using namespace tune::race;

TEST_CASE("every verdict's word reads back as the verdict") {
  for (const auto v : {verdict::won, verdict::holds, verdict::tie, verdict::demoted, verdict::rejected, verdict::budget,
                       verdict::adopted})
    CHECK(verdict_of(to_string(v)) == v);
  CHECK_FALSE(verdict_of("").has_value());
  CHECK_FALSE(verdict_of("Won").has_value());
}

TEST_CASE("a table's outcome is its word's verdict; an unknown word is kept and has none") {
  race_table t;
  t.verdict = "budget";
  CHECK(t.outcome() == verdict::budget);
  CHECK_FALSE(t.adopted());
  t.verdict = "adopted";
  CHECK(t.adopted());
  const auto read =
      nlohmann::json::parse(R"({"winner": "a", "fallback": "base", "verdict": "later"})").get<race_table>();
  CHECK_FALSE(read.outcome().has_value());
  CHECK(nlohmann::json(read).at("verdict") == "later");
}
