// tune::knob: a candidate's (or a launched plan's) value arrives as TUNE_KNOB_<NAME>.
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <string>

#include "session.h"
#include "tune/runtime.h"

namespace tune {
namespace {

std::string variable_for(const char* name) {
  std::string var = "TUNE_KNOB_";
  for (const char* c = name; *c; ++c) var += static_cast<char>(std::toupper(static_cast<unsigned char>(*c)));
  return var;
}

}  // namespace

std::string knob(const char* name, const char* default_value) {
  const std::string var = variable_for(name);
  const char* value = std::getenv(var.c_str());
  const std::string chosen = value ? value : default_value;
  runtime_detail::record_knob(name, chosen, value != nullptr);
  return chosen;
}

int knob(const char* name, int default_value) {
  const std::string var = variable_for(name);
  const char* value = std::getenv(var.c_str());
  if (!value) {
    runtime_detail::record_knob(name, std::to_string(default_value), false);
    return default_value;
  }
  char* end = nullptr;
  errno = 0;
  const long parsed = std::strtol(value, &end, 10);
  if (end == value || *end != '\0' || errno != 0 || parsed < -2147483647L || parsed > 2147483647L) {
    runtime_detail::refuse(var + "='" + value + "' is not an integer; knob '" + name +
                           "' needs one: fix the plan or unset " + var);
  }
  runtime_detail::record_knob(name, value, true);
  return static_cast<int>(parsed);
}

}  // namespace tune
