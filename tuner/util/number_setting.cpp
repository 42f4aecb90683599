#include "util/number_setting.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "util/error_text.h"

namespace tune::util {

namespace {

std::string range_end(double value, bool whole) {
  if (whole) return std::to_string(static_cast<long long>(value));
  char text[32];
  std::snprintf(text, sizeof text, "%.15g", value);
  return text;
}

}  // namespace

std::optional<double> number_in(std::string_view text, const number_range& range) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text.front()))) return std::nullopt;
  if (range.whole && text.find_first_not_of("+-0123456789") != std::string_view::npos) return std::nullopt;
  const std::string copy(text);
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(copy.c_str(), &end);
  // ERANGE: 1e400 reads as infinity, 1e-400 as 0; neither is what was written.
  if (end != copy.c_str() + copy.size() || errno == ERANGE || !std::isfinite(value)) return std::nullopt;
  if (range.min_included ? value < range.min : value <= range.min) return std::nullopt;
  if (value > range.max) return std::nullopt;
  return value;
}

std::string number_refusal(std::string_view text, const number_range& range) {
  const std::string min = range_end(range.min, range.whole), max = range_end(range.max, range.whole);
  return "'" + shown(text) + "' is not a finite " + (range.whole ? "integer" : "number") + " " +
         (range.min_included ? "from " + min + " to " + max : "above " + min + " and at most " + max) + "; give " +
         range.example;
}

std::optional<double> environment_number(const char* name, const number_range& range) {
  const char* value = std::getenv(name);
  if (!value || !*value) return std::nullopt;
  if (const auto number = number_in(value, range)) return number;
  throw std::invalid_argument(std::string(name) + "=" + number_refusal(value, range) + ", or unset it");
}

}  // namespace tune::util
