// A numeric option of the CLI (cli/number_option.h) through a real CLI::App, with the ranges of
// `tune plan search` (cli/cmd_plan.cpp): a number in range is read; nan, infinity, an overflow,
// a value out of range and, for a whole option, a fraction are refused with the option's name and
// what a good value looks like.
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/number_option.h"

namespace {

struct plan_search_numbers {
  double budget_s = 30;
  std::optional<int> cpus;
};

// `command_line` (no program name) parsed for --budget and --cpus as `tune plan search` takes them.
plan_search_numbers parse(const std::string& command_line) {
  plan_search_numbers out;
  CLI::App app;
  app.add_option("--budget", out.budget_s)
      ->check(tune::cli::number_option(
          {.min = 0, .min_included = false, .max = 86400, .example = "a number of seconds such as 30"}));
  app.add_option("--cpus", out.cpus)
      ->check(
          tune::cli::number_option({.min = 1, .max = 1 << 20, .whole = true, .example = "a number of CPUs such as 4"}));
  app.parse(command_line);
  return out;
}

}  // namespace

TEST_CASE("number option: a number in its range is read") {
  const auto read = parse("--budget 12.5 --cpus 4");
  CHECK(read.budget_s == 12.5);
  CHECK(read.cpus == 4);
  CHECK(parse("--budget 86400").budget_s == 86400);
  CHECK(parse("--budget 1e-3").budget_s == 0.001);
  CHECK(parse("--cpus 1").cpus == 1);
  CHECK(parse("").cpus == std::nullopt);
}

TEST_CASE("number option: nan, infinity and an overflow are refused, naming the option") {
  CHECK_THROWS_WITH_AS(parse("--budget nan"),
                       "--budget: 'nan' is not a finite number above 0 and at most 86400; give a number of seconds "
                       "such as 30",
                       CLI::ValidationError);
  CHECK_THROWS_WITH_AS(parse("--budget inf"),
                       "--budget: 'inf' is not a finite number above 0 and at most 86400; give a number of seconds "
                       "such as 30",
                       CLI::ValidationError);
  CHECK_THROWS_WITH_AS(parse("--budget 1e400"),
                       "--budget: '1e400' is not a finite number above 0 and at most 86400; give a number of seconds "
                       "such as 30",
                       CLI::ValidationError);
}

TEST_CASE("number option: the range's ends are as the message says") {
  // Above 0: zero itself is refused.
  CHECK_THROWS_WITH_AS(parse("--budget 0"),
                       "--budget: '0' is not a finite number above 0 and at most 86400; give a number of seconds "
                       "such as 30",
                       CLI::ValidationError);
  CHECK_THROWS_AS(parse("--budget 86400.5"), CLI::ValidationError);
  CHECK_THROWS_WITH_AS(parse("--cpus 0"),
                       "--cpus: '0' is not a finite integer from 1 to 1048576; give a number of CPUs such as 4",
                       CLI::ValidationError);
  CHECK_THROWS_AS(parse("--cpus 1048577"), CLI::ValidationError);
}

TEST_CASE("number option: a whole option refuses a fraction and an exponent") {
  CHECK_THROWS_WITH_AS(parse("--cpus 2.5"),
                       "--cpus: '2.5' is not a finite integer from 1 to 1048576; give a number of CPUs such as 4",
                       CLI::ValidationError);
  CHECK_THROWS_AS(parse("--cpus 1e3"), CLI::ValidationError);
}

TEST_CASE("number option: the help names the kind of number") {
  CLI::App app;
  double fraction = 0.05;
  int count = 1;
  app.add_option("--min-gain", fraction)
      ->check(tune::cli::number_option({.min = 0, .max = 1, .example = "a fraction such as 0.05"}));
  app.add_option("--cpus", count)
      ->check(tune::cli::number_option({.min = 1, .max = 4, .whole = true, .example = "a number of CPUs such as 4"}));
  const std::string help = app.help();
  CHECK(help.find("--min-gain FLOAT:NUMBER") != std::string::npos);
  CHECK(help.find("--cpus INT:INTEGER") != std::string::npos);
}
