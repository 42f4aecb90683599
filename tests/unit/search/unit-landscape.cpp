// Landscape files (search/landscape_file.h): what is written reads back the same, what the
// strategies' benchmark makes of one, and every malformed file refused with where and why.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "search/landscape_file.h"

namespace {

using tune::search::landscape_file;
using tune::search::parse_landscape;

constexpr const char* two_axes = R"({"format": "tune-search-landscape/1",
  "axes": {"MR": ["2", "4"], "ISA": ["base", "avx2"]}, "constraints": ["MR * 1 <= 4"], "noise_cv_pct": 3,
  "points": [{"values": {"MR": "2", "ISA": "base"}, "cost": 40},
             {"values": {"MR": 4, "ISA": "base"}, "cost": 30},
             {"values": {"MR": "4", "ISA": "avx2"}, "cost": 10},
             {"values": {"MR": "2", "ISA": "avx2"}, "failed": true}]})";

std::string with(std::string text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

}  // namespace

TEST_CASE("a landscape reads as written, and numbers read as their text") {
  const auto l = parse_landscape(two_axes, "two.json");
  REQUIRE(l.axes.size() == 2);
  CHECK(l.axes[0].first == "MR");  // declared order, not sorted
  CHECK(l.axes[1].second == std::vector<std::string>{"base", "avx2"});
  CHECK(l.points[1].values.at("MR") == "4");
  CHECK_FALSE(l.points[3].cost);
  const auto again = parse_landscape(tune::search::to_json(l).dump(), "again.json");
  CHECK(tune::search::to_json(again) == tune::search::to_json(l));
  CHECK(tune::search::to_json(l)["axes"].begin().key() == "MR");
}

TEST_CASE("a landscape is the space and costs the strategies are measured on") {
  const auto p = tune::search::to_planted(parse_landscape(two_axes, "two.json"), "two");
  CHECK(p.points.sizes == std::vector<std::size_t>{2, 2});
  CHECK(p.points.points.size() == 4);  // the points listed; nothing else is in the space
  CHECK(p.points.points[2] == std::vector<std::uint16_t>{1, 1});
  CHECK(p.optimum == 2);
  CHECK(std::isinf(p.cost[3]));
  CHECK(p.noise_cv == doctest::Approx(0.03));
}

TEST_CASE("a malformed landscape is refused, naming the file and the place") {
  const auto refused = [](const std::string& text) {
    try {
      parse_landscape(text, "bad.json");
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(refused("[1]") == "landscape bad.json: the file: not a JSON object");
  CHECK(refused(with(two_axes, "search-landscape/1", "search-landscape/2")) ==
        "landscape bad.json: format: expected \"tune-search-landscape/1\"");
  CHECK(refused(with(two_axes, R"(["base", "avx2"])", R"(["base", "base"])")) ==
        "landscape bad.json: axes.ISA: the value base is there twice");
  CHECK(refused(with(two_axes, R"("MR": 4, "ISA": "base")", R"("MR": 8, "ISA": "base")")) ==
        "landscape bad.json: points[1]: axis MR has no value 8");
  CHECK(refused(with(two_axes, R"("MR": 4, "ISA": "base"})", R"("ISA": "base"})")) ==
        "landscape bad.json: points[1]: no value for axis MR");
  CHECK(refused(with(two_axes, R"("MR": 4, "ISA": "base"})", R"("MR": "2", "ISA": "base"})")) ==
        "landscape bad.json: points[1]: the same point as an earlier one");
  CHECK(refused(with(two_axes, R"("cost": 30)", R"("cost": 0)")) ==
        "landscape bad.json: points[1].cost: expected a positive number");
  CHECK(refused(with(two_axes, R"("cost": 30)", R"("cost": 30, "failed": true)")) ==
        "landscape bad.json: points[1]: expected either \"cost\" or \"failed\": true");
  CHECK(refused(with(two_axes, R"("noise_cv_pct": 3)", R"("noise_cv_pct": -1)")) ==
        "landscape bad.json: noise_cv_pct: expected a number of at least 0");
}
