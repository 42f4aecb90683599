#pragma once
// The plan: immutable tune-plan/1 JSON, written atomically. It holds the settings the launcher
// applies (variables set and variables removed), the identities it is valid for, and a summary
// of the evidence; the report holds the rest.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plan/identity.h"
#include "plan/knobs.h"

namespace tune::plan {

inline constexpr const char* plan_format = "tune-plan/1";

struct wisdom_reference {
  std::string sha256;
  std::string file;                // relative to the plan's folder
  std::vector<std::string> plans;  // FFTW plans the pilot made, which must all reproduce
};

struct plan_evidence {
  std::string status;  // search_status
  std::string stop_reason;
  std::vector<double> baseline_window_s;  // per-window objective of each baseline process compared
  std::vector<double> winner_window_s;    // and of the winner's (empty when the baseline stands)
  std::optional<double> gain;             // median paired gain of the winner
  std::optional<double> aa_gain;          // |A/A gain| the decision used (aa_noise)
  double budget_s = 0;
  double elapsed_s = 0;
  std::string enumeration;
  std::string report_sha256;
  std::optional<std::string> wisdom_sha256;
};

struct execution_plan {
  std::string tool;
  std::string written;
  assignment settings;  // value: set; nullopt: removed
  // The variables of the project's own knobs the search could set (tune_knob). With the built-in
  // knobs' variables, the only ones a plan's settings may name: a plan is data, never code.
  std::vector<std::string> knob_variables;
  std::map<std::string, std::string> resolved;  // per-library values the pilot reported for these settings
  std::optional<wisdom_reference> wisdom;
  plan_identity identity;
  plan_evidence evidence;
};

// A measurement that may be missing, as plans and reports write it: the number, or null.
nlohmann::json optional_number(const std::optional<double>& v);

nlohmann::json to_json(const execution_plan& plan);

// Throws plan_format_error naming the file and what is wrong: an unknown format, a missing or
// mistyped field (with its path in the plan: `allocation.threads`), a number out of range, or a
// setting of a variable no knob sets (LD_PRELOAD, a name that is not an identifier). Never fills
// in a default.
execution_plan plan_from_json(const nlohmann::json& doc, const std::string& origin);

class plan_format_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

void write_plan(const std::filesystem::path& path, const execution_plan& plan);
execution_plan read_plan(const std::filesystem::path& path);

// The JSON shape of settings shared by plans and reports: {"set": {...}, "unset": [...]}.
nlohmann::json settings_json(const assignment& settings);

}  // namespace tune::plan
