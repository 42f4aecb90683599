#pragma once
// Protocol variants compared side by side in one run (`tune-race-studies arms`): every job is
// minted once under each arm, back to back, so a change in the machine's state hits every arm alike.
#include <string>
#include <vector>

#include "mints.h"
#include "race/protocol.h"

namespace tune::race_real {

// Each spec is "base" or '+'-joined changes to `base`: "relocated" (validate_relocated = 1),
// "relocated=N" (N placements) and "window=MS" (window_ms). Throws std::invalid_argument naming the
// spec and the part it cannot read.
std::vector<protocol_arm> parse_arms(const std::vector<std::string>& specs, const race::protocol& base);

}  // namespace tune::race_real
