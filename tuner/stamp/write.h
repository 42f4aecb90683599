#pragma once
// Stamping one scope: every family's header (rewritten only when its content changes, so an
// unchanged stamp recompiles nothing), the record `tune status` and `tune explain` read
// (stamp.json), the depfile naming what the decision read, and the step's output stamp.done.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "manifest/manifest.h"
#include "stamp/record.h"
#include "sidecar/verdict.h"
#include "stamp/seat.h"

namespace tune::stamp {

struct scope_stamp {
  sidecar::verdict verdict = sidecar::verdict::absent;  // the scope's sidecar verdict
  std::string verdict_message;
  std::string policy;
  std::vector<std::pair<std::string, seat>> seats;  // family -> seat, in declaration order
  int headers_written = 0;
};

// Chooses and writes every family's seat. `inputs` is shared by all families.
scope_stamp stamp_scope(const manifest& m, const seat_inputs& inputs, sidecar::verdict verdict,
                        const std::string& verdict_message, const std::string& policy,
                        const std::vector<std::filesystem::path>& depends_on);

// The record stamp_scope wrote (tune/<scope>/stamp.json); nullopt when the scope was never stamped.
std::optional<stamp_record> read_stamp_record(const manifest& m);

}  // namespace tune::stamp
