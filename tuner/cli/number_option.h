#pragma once
// A numeric option's check: finite and within its range (util/number_setting.h), since CLI11's
// Range and PositiveNumber let "nan" through. CLI11 puts the option's name before the message.
#include <string>

#include <CLI/CLI.hpp>

#include "util/number_setting.h"

namespace tune::cli {

inline CLI::Validator number_option(const util::number_range& range) {
  return CLI::Validator(
      [range](std::string& text) {
        return util::number_in(text, range) ? std::string() : util::number_refusal(text, range);
      },
      range.whole ? "INTEGER" : "NUMBER");
}

}  // namespace tune::cli
