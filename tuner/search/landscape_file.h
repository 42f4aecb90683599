#pragma once
// Search landscapes as files (`tune-search-landscape/1`, docs/schemas/tune-search-landscape-1.schema.json,
// docs/design/spaces.md "Landscapes"): a space's axes and values, its constraints as text, the
// noise its measurements carry, and every point of the space with its true cost or its failure. A
// point not listed is outside the space. `tune space export` writes one from a family's race
// table; tune-search-bench runs the strategies on any of them, and so can another tuner.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "search/planted.h"

namespace tune::search {

inline constexpr const char* landscape_format = "tune-search-landscape/1";

struct landscape_point {
  std::map<std::string, std::string> values;  // axis → value
  std::optional<double> cost;                 // the true time, any unit; nullopt: failed
};

struct landscape_file {
  std::vector<std::pair<std::string, std::vector<std::string>>> axes;  // declared order
  std::vector<std::string> constraints;                                // as the family declares them
  double noise_cv_pct = 0;  // a measurement's spread: its coefficient of variation, in percent
  std::vector<landscape_point> points;
};

nlohmann::ordered_json to_json(const landscape_file& l);

// Reads and checks a landscape (`source` names it in errors). Throws std::runtime_error naming the
// file, the place in it and what is wrong: another format, an axis without values or with one
// twice, a point missing an axis or holding a value the axis does not have, a point twice, a cost
// that is not a positive number, or no point with a cost.
landscape_file parse_landscape(const std::string& text, const std::string& source);

// The landscape as the strategies' benchmark measures it (planted.h): its points in the order
// listed, each with its cost (+inf when failed), the noise, and the optimum.
planted::landscape to_planted(const landscape_file& l, std::string name);

}  // namespace tune::search
