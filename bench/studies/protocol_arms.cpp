#include "protocol_arms.h"

#include <stdexcept>

#include <fmt/format.h>

namespace tune::race_real {

namespace {

// The number after '=' in `change`, at least `least`.
double number(const std::string& spec, const std::string& change, const std::string& form, double least) {
  const std::string value = change.substr(change.find('=') + 1);
  std::size_t used = 0;
  double out = -1;
  try {
    out = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != value.size() || !(out >= least))
    throw std::invalid_argument(fmt::format("--arms '{}': '{}' is not valid; pass {}", spec, change, form));
  return out;
}

void apply(const std::string& spec, const std::string& change, race::protocol& p) {
  if (change == "base") return;
  if (change == "relocated") {
    p.validate_relocated = 1;
    return;
  }
  if (change.rfind("relocated=", 0) == 0) {
    const double n = number(spec, change, "relocated=N with N placements, 1 or more, e.g. relocated=2", 1);
    if (n != static_cast<int>(n))
      throw std::invalid_argument(
          fmt::format("--arms '{}': '{}' is not valid; N counts placements: pass an integer", spec, change));
    p.validate_relocated = static_cast<int>(n);
    return;
  }
  if (change.rfind("window=", 0) == 0) {
    p.window_ms = number(spec, change, "window=MS with MS milliseconds > 0, e.g. window=1.5", 1e-9);
    return;
  }
  throw std::invalid_argument(
      fmt::format("--arms '{}': '{}' is unknown; pass base, relocated, relocated=N, "
                  "window=MS or a '+'-joined mix, e.g. relocated=3+window=10",
                  spec, change));
}

}  // namespace

std::vector<protocol_arm> parse_arms(const std::vector<std::string>& specs, const race::protocol& base) {
  std::vector<protocol_arm> out;
  for (const std::string& spec : specs) {
    protocol_arm arm{spec, base};
    std::size_t from = 0;
    while (from <= spec.size()) {
      const std::size_t plus = spec.find('+', from);
      const std::size_t to = plus == std::string::npos ? spec.size() : plus;
      apply(spec, spec.substr(from, to - from), arm.protocol);
      from = to + 1;
    }
    out.push_back(std::move(arm));
  }
  return out;
}

}  // namespace tune::race_real
