#pragma once
// A number a person sets, in an environment variable or a command-line option: finite, within its
// range, and refused by name otherwise. strtod alone takes "inf" and "nan", and reads 1e400 as
// infinity: TUNE_NOISE_CEILING=inf once switched the noise refusal off without a word.
#include <optional>
#include <string>
#include <string_view>

namespace tune::util {

struct number_range {
  double min = 0;
  bool min_included = true;  // false: the value must be above min
  double max = 0;            // included
  bool whole = false;        // an integer, written without a fraction or an exponent
  std::string example;       // what a good value looks like, for the message: "a percentage such as 10"
};

// The value `text` holds when it is such a number, nullopt otherwise.
std::optional<double> number_in(std::string_view text, const number_range& range);

// Why `text` is not such a number, in the words of a message that follows its name:
// "'nan' is not a finite number above 0 and at most 100; give a percentage such as 10", the value
// clipped by util::shown.
std::string number_refusal(std::string_view text, const number_range& range);

// The number in environment variable `name`; nullopt when it is unset or empty. Throws
// std::invalid_argument naming the variable, its value and the range when it holds anything else.
std::optional<double> environment_number(const char* name, const number_range& range);

}  // namespace tune::util
