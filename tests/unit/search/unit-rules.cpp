// The tool's reading of a space's axes and rules (search/rules.h) against the configure step's
// (cmake/tune/Rows.cmake, Constraints.cmake, run by constraint-oracle.cmake): the same points in
// the same order with the same suffixes, and the same error where a constraint cannot be evaluated.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "search/rules.h"
#include "util/subprocess.h"

namespace {

using tune::search::space_rules;

struct oracle_answer {
  bool ok = false;
  std::vector<std::vector<std::string>> rpn;  // per constraint, as the configure step parsed it
  std::vector<std::string> rows;              // "<spec> <suffix>"
  std::string error;                          // its FATAL_ERROR text, whitespace collapsed
};

std::string collapse(const std::string& text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\t') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

// Runs the configure step's functions on `lines` (AXES, EXCLUDE and CONSTRAINT lines).
oracle_answer ask_cmake(const std::string& lines) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("tune-rules-" + std::to_string(::getpid()) + "-" + std::to_string(std::hash<std::string>{}(lines)));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "input.txt") << lines;
  tune::util::spawn_options o;
  o.argv = {TUNE_TEST_CMAKE, "-DMODULE_DIR=" TUNE_TEST_MODULE_DIR, "-DINPUT=" + (dir / "input.txt").string(), "-P",
            TUNE_TEST_ORACLE};
  o.capture_stdout = true;
  o.capture_stderr = true;
  const auto r = tune::util::run_process(o);
  std::filesystem::remove_all(dir);
  oracle_answer a;
  a.ok = !r.signaled && r.exit_code == 0;
  std::istringstream out(r.out);
  for (std::string line; std::getline(out, line);) {
    if (line.rfind("-- rpn ", 0) == 0) {
      std::istringstream tokens(line.substr(7));
      auto& rpn = a.rpn.emplace_back();
      for (std::string t; tokens >> t;) rpn.push_back(t);
    } else if (line.rfind("-- row ", 0) == 0) {
      a.rows.push_back(line.substr(7));
    }
  }
  // "CMake Error at <file>:<line> (message):\n  oracle: <message>\nCall Stack ..."
  const std::string err = collapse(r.err);
  if (const auto at = err.find("oracle: "); at != std::string::npos) {
    a.error = err.substr(at + 8);
    if (const auto stack = a.error.find(" Call Stack"); stack != std::string::npos) a.error.resize(stack);
  }
  return a;
}

// The same input as the tool's rules, the constraints in the configure step's parsed form.
space_rules rules_of(const std::string& lines, const oracle_answer& cmake) {
  space_rules rules;
  std::istringstream in(lines);
  std::size_t k = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("AXES ", 0) == 0) {
      std::istringstream words(line.substr(5));
      for (std::string w; words >> w;) {
        if (std::isupper(static_cast<unsigned char>(w[0])) &&
            w.find_first_of("abcdefghijklmnopqrstuvwxyz") == std::string::npos &&
            !std::isdigit(static_cast<unsigned char>(w[0])))
          rules.axes.push_back({w, {}});
        else
          rules.axes.back().second.push_back(w);
      }
    } else if (line.rfind("EXCLUDE ", 0) == 0) {
      rules.excludes.push_back(line.substr(8));
    } else if (line.rfind("CONSTRAINT ", 0) == 0) {
      REQUIRE(k < cmake.rpn.size());
      rules.constraints.push_back({line.substr(11), cmake.rpn[k++]});
    }
  }
  return rules;
}

std::vector<std::string> tool_rows(const space_rules& rules) {
  const auto flat = tune::search::enumerate(rules);
  std::vector<std::string> out;
  const std::size_t n = rules.axes.size();
  for (std::size_t at = 0; at < flat.size(); at += n) {
    const std::string suffix = tune::search::suffix_of(rules, flat.data() + at);
    out.push_back(tune::search::spec_of(rules, flat.data() + at) + " " + suffix);
    // A suffix names its point again (what the tool makes a row's record from).
    const auto point = tune::search::point_of(rules, suffix);
    REQUIRE(point);
    CHECK(std::equal(point->begin(), point->end(), flat.begin() + static_cast<std::ptrdiff_t>(at)));
  }
  return out;
}

// Both readings of `lines` agree: the same rows, or the same error.
void agree(const std::string& lines) {
  CAPTURE(lines);
  const auto cmake = ask_cmake(lines);
  const auto rules = rules_of(lines, cmake);
  if (cmake.ok) {
    REQUIRE_FALSE(cmake.rows.empty());
    CHECK(tool_rows(rules) == cmake.rows);
    return;
  }
  REQUIRE_MESSAGE(!cmake.error.empty(), "the configure step failed without its own error");
  try {
    tune::search::enumerate(rules);
    FAIL("the tool enumerated a space the configure step refused: " << cmake.error);
  } catch (const tune::search::rules_error& e) {
    CHECK(collapse(e.what()) == cmake.error);
  }
}

}  // namespace

TEST_CASE("space rules: C's precedence, words as values and unary operators, as the configure step reads them") {
  agree(
      "AXES UNROLL 1 2 4 8 TILE 1 2 4 LAYOUT nt nn\n"
      "CONSTRAINT UNROLL * TILE <= 8 && TILE % 2 == 0 || UNROLL == 1\n"
      "CONSTRAINT LAYOUT != nn || !(UNROLL > 2) && -TILE >= -2\n");
}

TEST_CASE("space rules: EXCLUDE, the ISA axis in suffixes, integers compared as numbers, C's division") {
  agree(
      "AXES ISA base avx2 UNROLL 1 2 4 8 16 V 08 8 x A 1 2 3 4 5 6 7 8\n"
      "EXCLUDE ISA=avx2,UNROLL=16\n"
      "EXCLUDE A=3\n"
      "CONSTRAINT ISA != base || UNROLL <= 8\n"
      "CONSTRAINT V == 8 || V == x\n"
      "CONSTRAINT (A - 7) / 2 == -1 || (A - 7) % 3 == -1 || A * 2 - 3 > 10\n");
}

TEST_CASE("space rules: a later constraint is not evaluated where an earlier one rules the point out") {
  agree(
      "AXES A 1 2 3 B 0 1 2\n"
      "CONSTRAINT B != 0\n"
      "CONSTRAINT A / B >= 1\n");
}

TEST_CASE("space rules: a point a constraint cannot be evaluated on is the configure step's error") {
  SUBCASE("division by zero") {
    agree(
        "AXES A 1 2 3 B 1 0 2\n"
        "CONSTRAINT A % B == 0\n");
  }
  SUBCASE("text in arithmetic") {
    agree(
        "AXES L nt nn U 1 2\n"
        "CONSTRAINT U + L > 0\n");
  }
  SUBCASE("text under a unary operator") {
    agree(
        "AXES L nt nn U 1 2\n"
        "CONSTRAINT !L || U == 1\n");
  }
  SUBCASE("not a truth value") {
    agree(
        "AXES L nt nn U 1 2\n"
        "CONSTRAINT L\n");
  }
}

TEST_CASE("space rules: a million points, counted without a list") {
  // 5 axes of 16 values, 1,048,576 points; A * B <= 64 and C != D hold for a known share.
  space_rules rules;
  for (const char* axis : {"A", "B", "C", "D", "E"}) {
    auto& values = rules.axes.emplace_back(axis, std::vector<std::string>{}).second;
    for (int v = 1; v <= 16; ++v) values.push_back(std::to_string(v));
  }
  rules.constraints.push_back({"A * B <= 64", {"a:A", "a:B", "*", "v:64", "<="}});
  rules.constraints.push_back({"C != D", {"a:C", "a:D", "!="}});
  std::size_t ab = 0;
  for (int a = 1; a <= 16; ++a)
    for (int b = 1; b <= 16; ++b) ab += a * b <= 64;
  const auto flat = tune::search::enumerate(rules);
  CHECK(flat.size() / 5 == ab * (16 * 15) * 16);
  // Every point listed holds the constraints, and the order is the odometer's (first axis outermost).
  for (std::size_t at = 0; at < flat.size(); at += 5) {
    REQUIRE((flat[at] + 1) * (flat[at + 1] + 1) <= 64);
    REQUIRE(flat[at + 2] != flat[at + 3]);
    if (at)
      REQUIRE(std::lexicographical_compare(flat.begin() + at - 5, flat.begin() + at, flat.begin() + at,
                                           flat.begin() + at + 5));
  }
}

TEST_CASE("space rules: rules that name no axis or value of the space are refused before any point") {
  space_rules rules;
  rules.axes.push_back({"A", {"1", "2"}});
  SUBCASE("an EXCLUDE value") {
    rules.excludes.push_back("A=3");
    CHECK_THROWS_WITH_AS(tune::search::space_filter{rules}, doctest::Contains("axis A has no value 3"),
                         tune::search::rules_error);
  }
  SUBCASE("an EXCLUDE axis") {
    rules.excludes.push_back("B=1");
    CHECK_THROWS_AS(tune::search::space_filter{rules}, tune::search::rules_error);
  }
  SUBCASE("a parsed form that names another axis") {
    rules.constraints.push_back({"B > 1", {"a:B", "v:1", ">"}});
    CHECK_THROWS_WITH_AS(tune::search::space_filter{rules}, doctest::Contains("different versions"),
                         tune::search::rules_error);
  }
  SUBCASE("a parsed form that leaves two values") {
    rules.constraints.push_back({"A 1", {"a:A", "v:1"}});
    CHECK_THROWS_WITH_AS(tune::search::space_filter{rules}, doctest::Contains("leaves 2 values"),
                         tune::search::rules_error);
  }
  SUBCASE("a parsed form with an operator short of values") {
    rules.constraints.push_back({"> 1", {"v:1", ">"}});
    CHECK_THROWS_AS(tune::search::space_filter{rules}, tune::search::rules_error);
  }
}

TEST_CASE("space rules: a suffix names its point, values with '_' and prefixes of each other included") {
  space_rules rules;
  rules.axes.push_back({"A", {"1", "16", "1_b2"}});
  rules.axes.push_back({"B", {"2", "x"}});
  rules.axes.push_back({"ISA", {"base", "avx2"}});
  const auto flat = tune::search::enumerate(rules);
  for (std::size_t at = 0; at < flat.size(); at += 3) {
    const auto point = tune::search::point_of(rules, tune::search::suffix_of(rules, flat.data() + at));
    REQUIRE(point);
    // "a1_b2_b2_base" reads as A=1_b2,B=2 or not at all: A=1 leaves "b2_b2_base", which B cannot start.
    CHECK(std::equal(point->begin(), point->end(), flat.begin() + static_cast<std::ptrdiff_t>(at)));
  }
  CHECK_FALSE(tune::search::point_of(rules, "a1_b3_base"));
  CHECK_FALSE(tune::search::point_of(rules, "a1_b2_base_x"));
  CHECK_FALSE(tune::search::point_of(rules, "a1_b2"));
  CHECK_FALSE(tune::search::point_of(rules, ""));
}

TEST_CASE("space rules: a suffix that reads as several points names the one the rules allow") {
  // a1_b2_b3 reads as A=1,B=2_b3 (excluded) or A=1_b2,B=3 (allowed).
  space_rules rules;
  rules.axes.push_back({"A", {"1", "1_b2"}});
  rules.axes.push_back({"B", {"3", "2_b3"}});
  rules.excludes.push_back("A=1");
  const tune::search::space_filter allowed(rules);
  const auto point = tune::search::point_of(rules, "a1_b2_b3", &allowed);
  REQUIRE(point);
  CHECK(*point == std::vector<std::uint16_t>{1, 0});
  CHECK(*tune::search::point_of(rules, "a1_b2_b3") == std::vector<std::uint16_t>{0, 1});  // the first reading
}

TEST_CASE("space rules: a space of more points than the tool holds is refused before any is made") {
  space_rules rules;
  for (const char* axis : {"A", "B", "C", "D", "E", "F"}) {
    auto& values = rules.axes.emplace_back(axis, std::vector<std::string>{}).second;
    for (int v = 1; v <= 20; ++v) values.push_back(std::to_string(v));
  }
  CHECK_THROWS_WITH_AS(tune::search::enumerate(rules), doctest::Contains("more than 4000000 points"),
                       tune::search::rules_error);
}
