// Numbers a person sets, in the environment or on the command line (util/number_setting.h): finite,
// within range, or refused by name.
#include <doctest/doctest.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

#include "util/number_setting.h"

using tune::util::environment_number;
using tune::util::number_in;
using tune::util::number_range;
using tune::util::number_refusal;

namespace {

const number_range ceiling{.min = 0, .min_included = false, .max = 100, .example = "a percentage such as 10"};

// Sets an environment variable for one test case and restores its absence after it.
struct environment_value {
  const char* name;
  environment_value(const char* n, const std::string& value) : name(n) { ::setenv(name, value.c_str(), 1); }
  ~environment_value() { ::unsetenv(name); }
};

}  // namespace

TEST_CASE("infinity, NaN, overflow, junk and values out of range are no number") {
  CHECK(number_in("10", ceiling) == 10.0);
  CHECK(number_in("2.5", ceiling) == 2.5);
  CHECK(number_in("100", ceiling) == 100.0);
  for (const char* bad : {"inf", "INF", "infinity", "-inf", "nan", "NAN", "1e400", "1e-400", "0", "-1", "100.5", "10%",
                          " 10", "10 ", "", "ten"})
    CHECK_MESSAGE(!number_in(bad, ceiling), bad);
  const number_range fraction{.min = 0, .max = 1, .example = "a fraction such as 0.05"};
  CHECK(number_in("0", fraction) == 0.0);
  CHECK_FALSE(number_in("nan", fraction));
  const number_range cpus{.min = 1, .max = 1 << 20, .whole = true, .example = "a number of CPUs such as 4"};
  CHECK(number_in("4", cpus) == 4.0);
  for (const char* bad : {"4.0", "1e3", "0x10", "0", "1048577"}) CHECK_MESSAGE(!number_in(bad, cpus), bad);
}

TEST_CASE("the refusal names the value, clipped, the range and a good value") {
  CHECK(number_refusal("nan", ceiling) ==
        "'nan' is not a finite number above 0 and at most 100; give a percentage such as 10");
  CHECK(number_refusal("2.5", {.min = 1, .max = 1 << 20, .whole = true, .example = "a number of CPUs such as 4"}) ==
        "'2.5' is not a finite integer from 1 to 1048576; give a number of CPUs such as 4");
  CHECK(number_refusal(std::string(10'000, '9'), ceiling) ==
        "'" + std::string(64, '9') +
            "...' is not a finite number above 0 and at most 100; give a percentage such as 10");
}

TEST_CASE("an environment number is refused by name; unset or empty is no value") {
  CHECK_FALSE(environment_number("TUNE_TEST_NUMBER", ceiling));
  {
    environment_value v("TUNE_TEST_NUMBER", "");
    CHECK_FALSE(environment_number("TUNE_TEST_NUMBER", ceiling));
  }
  {
    environment_value v("TUNE_TEST_NUMBER", "12.5");
    CHECK(environment_number("TUNE_TEST_NUMBER", ceiling) == 12.5);
  }
  for (const char* bad : {"inf", "1e400", "nan"}) {
    environment_value v("TUNE_TEST_NUMBER", bad);
    CHECK_THROWS_WITH_AS(environment_number("TUNE_TEST_NUMBER", ceiling),
                         ("TUNE_TEST_NUMBER='" + std::string(bad) +
                          "' is not a finite number above 0 and at most 100; give a percentage such as 10, or unset it")
                             .c_str(),
                         std::invalid_argument);
  }
}
