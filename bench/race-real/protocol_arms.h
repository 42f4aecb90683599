#pragma once
// Protocol variants compared side by side in one run (--arms): every job is minted once under
// each arm, back to back, so a change in the machine's state hits every arm alike.
#include <string>
#include <vector>

#include "race/protocol.h"

namespace tune::race_real {

struct protocol_arm {
  std::string name;            // as given: "base", "relocated", "delay=2", "relocated+delay=1"
  race::protocol protocol;
};

// Each spec is "base" or '+'-joined changes to `base`: "blocks" (validate_by_block),
// "relocated" (validate_relocated = 1), "relocated=N" (N placements), "delay=S" (validate_delay_s)
// and "window=MS" (window_ms). Throws std::invalid_argument naming the spec and the part it cannot
// read.
std::vector<protocol_arm> parse_arms(const std::vector<std::string>& specs, const race::protocol& base);

// The arms' order for job `job`: forward on even jobs, reversed on odd ones, so no arm always
// runs first after the previous job.
std::vector<std::size_t> arm_order(std::size_t arms, std::size_t job);

}  // namespace tune::race_real
