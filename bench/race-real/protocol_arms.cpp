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
  if (change == "blocks") {
    p.validate_by_block = true;
    return;
  }
  if (change == "relocated") {
    p.validate_relocated = 1;
    return;
  }
  if (change.rfind("relocated=", 0) == 0) {
    const double n = number(spec, change, "relocated=N with N placements, 1 or more, e.g. relocated=2", 1);
    if (n != static_cast<int>(n))
      throw std::invalid_argument(fmt::format("--arms '{}': '{}' is not valid; N counts placements: pass an integer",
                                              spec, change));
    p.validate_relocated = static_cast<int>(n);
    return;
  }
  if (change.rfind("delay=", 0) == 0) {
    p.validate_delay_s = number(spec, change, "delay=S with S seconds >= 0, e.g. delay=2", 0);
    return;
  }
  if (change.rfind("window=", 0) == 0) {
    p.window_ms = number(spec, change, "window=MS with MS milliseconds > 0, e.g. window=1.5", 1e-9);
    return;
  }
  throw std::invalid_argument(fmt::format("--arms '{}': '{}' is unknown; pass base, blocks, relocated, relocated=N, "
                                          "delay=S, window=MS or a '+'-joined mix, e.g. relocated+delay=1",
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

std::vector<std::size_t> arm_order(std::size_t arms, std::size_t job) {
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < arms; ++k) out.push_back(job % 2 == 0 ? k : arms - 1 - k);
  return out;
}

}  // namespace tune::race_real
