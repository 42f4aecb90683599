#include "race/seat_decision.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "measure/stats.h"
#include "race/sign_test.h"

namespace tune::race {

namespace {

std::string describe_failure(const std::string& name, const std::string& fallback, const margin_check& c, double need) {
  if (c.gain < need)
    return fmt::format("{} is {:.1f}% faster than {}, below the need of {:.1f}%", name, c.gain * 100, fallback,
                       need * 100);
  if (!c.ratio_bound)
    return fmt::format("{} is {:.1f}% faster than {}, but too few paired rounds for the sign test", name, c.gain * 100,
                       fallback);
  return fmt::format("{} is {:.1f}% faster than {}, but the sign test does not clear (paired-ratio bound {:.3f})", name,
                     c.gain * 100, fallback, *c.ratio_bound);
}

std::vector<contender>::const_iterator find_fallback(const std::vector<contender>& finalists, std::size_t fallback,
                                                     const char* who) {
  const auto fb =
      std::find_if(finalists.begin(), finalists.end(), [&](const contender& c) { return c.row == fallback; });
  if (fb == finalists.end())
    throw std::invalid_argument(
        fmt::format("{}: fallback row {} is not among the {} finalists; "
                    "the fallback always races",
                    who, fallback, finalists.size()));
  return fb;
}

}  // namespace

bool none_can_win(const std::vector<contender>& finalists, std::size_t fallback, double need, double alpha) {
  const auto fb = find_fallback(finalists, fallback, "none_can_win");
  if (finalists.size() < 2) return true;
  const double level = bonferroni(alpha, finalists.size() - 1);
  return std::all_of(finalists.begin(), finalists.end(), [&](const contender& c) {
    return c.row == fallback || check_margin(c.per_call, fb->per_call, need, level).hopeless;
  });
}

seat_decision choose_seat(const std::vector<contender>& finalists, std::size_t fallback,
                          std::optional<std::size_t> incumbent, double need, double alpha,
                          const std::vector<std::string>& names) {
  const auto fb = find_fallback(finalists, fallback, "choose_seat");
  std::vector<double> medians;
  for (const auto& c : finalists) medians.push_back(measure::median(c.per_call));
  const auto best = static_cast<std::size_t>(std::min_element(medians.begin(), medians.end()) - medians.begin());

  seat_decision out;
  std::vector<std::size_t> tied_at;  // positions in `finalists`
  for (std::size_t i = 0; i < finalists.size(); ++i) {
    if (medians[i] <= medians[best] * (1 + need)) {
      tied_at.push_back(i);
      out.tied.push_back(finalists[i].row);
    }
  }
  const auto is_tied = [&](std::size_t row) {
    return std::find(out.tied.begin(), out.tied.end(), row) != out.tied.end();
  };

  // Rule 7's order of preference, then rule 6 for anything that is not the fallback.
  std::vector<std::size_t> turn;  // positions in `finalists`
  const auto position = [&](std::size_t row) {
    return static_cast<std::size_t>(
        std::find_if(finalists.begin(), finalists.end(), [&](const contender& c) { return c.row == row; }) -
        finalists.begin());
  };
  if (incumbent && is_tied(*incumbent)) turn.push_back(position(*incumbent));
  if (is_tied(fallback)) turn.push_back(position(fallback));
  for (std::size_t i : tied_at) {
    if (std::find(turn.begin(), turn.end(), i) == turn.end()) turn.push_back(i);
  }

  const std::string& fb_name = names.at(fallback);
  const std::string tie_words =
      out.tied.size() > 1 ? fmt::format("; {} rows within {:.1f}% of the best", out.tied.size(), need * 100) : "";
  std::optional<std::string> first_failure;
  for (std::size_t i : turn) {
    const std::size_t row = finalists[i].row;
    if (row == fallback) {
      out.seat = fallback;
      out.outcome = out.tied.size() > 1 ? verdict::tie : verdict::holds;
      out.note = out.tied.size() > 1 ? fmt::format("{} keeps the seat: tied with the best{}", fb_name, tie_words)
                                     : fmt::format("{} is the fastest", fb_name);
      if (incumbent && *incumbent == fallback && out.tied.size() > 1) out.note += " (incumbent)";
      if (first_failure) out.note += "; " + *first_failure;
      return out;
    }
    // Reached only for a row other than the fallback, so there is at least one comparison.
    const margin_check c =
        check_margin(finalists[i].per_call, fb->per_call, need, bonferroni(alpha, finalists.size() - 1));
    if (c.clears) {
      out.seat = row;
      out.outcome = verdict::won;
      out.check = c;
      out.note = fmt::format("{} is {:.1f}% faster than {} (need {:.1f}%, paired-ratio bound {:.3f}){}", names.at(row),
                             c.gain * 100, fb_name, need * 100, *c.ratio_bound, tie_words);
      if (out.tied.size() > 1)
        out.note += incumbent && *incumbent == row ? "; the incumbent keeps the seat"
                                                   : "; the first tied row in grid order that clears";
      return out;
    }
    if (!first_failure) first_failure = describe_failure(names.at(row), fb_name, c, need);
  }
  out.seat = fallback;
  out.outcome = verdict::holds;
  out.note = fmt::format("{} keeps the seat: {}", fb_name, *first_failure);
  return out;
}

}  // namespace tune::race
