#include "race/result.h"

#include <fmt/format.h>

namespace tune::race {

const char* to_string(verdict v) {
  switch (v) {
    case verdict::won:
      return "won";
    case verdict::holds:
      return "holds";
    case verdict::tie:
      return "tie";
    case verdict::demoted:
      return "demoted";
    case verdict::rejected:
      return "rejected";
    case verdict::budget:
      return "budget";
    case verdict::adopted:
      return "adopted";
  }
  return "unknown";
}

std::optional<verdict> verdict_of(std::string_view word) {
  for (const auto v : {verdict::won, verdict::holds, verdict::tie, verdict::demoted, verdict::rejected, verdict::budget,
                       verdict::adopted})
    if (word == to_string(v)) return v;
  return std::nullopt;
}

const char* to_string(mint_status s) {
  switch (s) {
    case mint_status::ok:
      return "ok";
    case mint_status::noise_refused:
      return "noise_refused";
    case mint_status::interrupted:
      return "interrupted";
  }
  return "unknown";
}

void demote(family_result& f, const std::string& why, std::optional<double> margin) {
  f.outcome = verdict::demoted;
  f.demoted = f.winner;
  f.demoted_margin_pct = margin ? margin : f.margin_pct;
  f.margin_pct.reset();
  f.winner = f.fallback;
  f.note += "; demoted: " + why;
}

void demote_below_floor(family_result& f, double floor_pct) {
  if (f.outcome != verdict::won || !f.margin_pct || *f.margin_pct >= floor_pct) return;
  demote(f, fmt::format("margin {:.1f}% is below the closing floor {:.1f}%", *f.margin_pct, floor_pct));
}

}  // namespace tune::race
