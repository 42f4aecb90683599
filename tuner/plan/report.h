#pragma once
// The plan report: everything the search saw, so a plan can be audited later — every process in
// run order with its raw windows, setup cost, RSS and validation deviation, every candidate's
// fate and reason, the A/A pair and confirmation pairs, and the break-even count.
#include <optional>

#include <nlohmann/json.hpp>

#include "plan/identity.h"
#include "plan/search.h"

namespace tune::plan {

inline constexpr const char* report_format = "tune-plan-report/1";

// Median per-window objectives of the baseline and the winner over the winner's confirmation
// pairs; nullopt without a winner.
struct winner_times {
  double baseline_s;
  double winner_s;
  std::vector<double> baseline_windows;
  std::vector<double> winner_windows;
};
std::optional<winner_times> winner_times_of(const search_record& record);

// R = b / (T_base - T_plan): how many pilot-sized windows must run for the tuning time b to pay
// off. nullopt when there is no winner.
std::optional<double> break_even_windows(const search_record& record);

nlohmann::json report_json(const search_record& record, const std::optional<plan_identity>& identity,
                           const std::string& tool, const std::string& written);

}  // namespace tune::plan
