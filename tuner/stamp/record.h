#pragma once
// The stamp record, tune/<scope>/stamp.json: what the stamp step wrote for every family of a scope
// and why, in the words stamp/describe.h gives. `tune status` and `tune explain` read it; this is
// its one reader and writer.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "stamp/seat.h"

namespace tune::stamp {

struct companion_entry {
  std::string suffix;
  std::string source;  // "sidecar" (its own entry) or "family"
  std::string why;
};

struct family_entry {
  std::string suffix;
  std::string source;  // source_text(): sidecar, profile <class>, fallback, reference
  std::string why;     // why()
  std::optional<std::string> profile_class;
  std::optional<std::string> adopted_from;
  // The seat is a winner this box measured: from the sidecar, neither adopted from a profile nor
  // left on its fallback by the BUDGET. What `tune status --check` gates on.
  bool measured_here = false;
  std::optional<double> margin_pct;
  std::optional<std::string> demoted;
  std::optional<double> demoted_margin_pct;
  std::optional<double> median_ns;  // seat::median_ns, seat::rate
  std::optional<std::string> rate;
  std::string fallback;
  std::vector<std::string> problems;
  std::map<std::string, companion_entry> companions;
  std::vector<std::string> steps;
};

struct stamp_record {
  std::string scope;
  std::string verdict;  // the scope's sidecar verdict when it was stamped
  std::string verdict_message;
  std::string policy;
  std::map<std::string, family_entry> families;
};

// A family's entry from its seat.
family_entry entry_of(const seat& s);

void to_json(nlohmann::json& out, const companion_entry& c);
void to_json(nlohmann::json& out, const family_entry& e);
void to_json(nlohmann::json& out, const stamp_record& r);

// Reads a record from `doc`, which came from `file`. Throws util::json_error naming the file and
// the JSON path of the first member that is missing or of the wrong type.
stamp_record parse_stamp_record(const nlohmann::json& doc, const std::filesystem::path& file);

}  // namespace tune::stamp
