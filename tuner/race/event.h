#pragma once
// One `@tune` progress line (race/engine.h event_sink, docs/cmake-api.md TUNE_EVENTS): the bench
// writes it on stdout, the mint reads it back (mint/progress.h). One record for both ends.
#include <optional>
#include <string>

#include "race/result.h"

namespace tune::race {

struct progress_event {
  enum class kind { plan, begin, step, end };
  kind what = kind::plan;
  std::string name;  // begin, step, end: the family (or the companion)
  // plan: the scope and how many `end`s will come
  std::string scope;
  int total = 0;
  int rows = 0;  // begin: its rows
  // step: the phase and its progress, with the rows still in the race
  std::string phase;
  int i = 0, of = 0, live = 0;
  // end: the family_result's
  std::optional<std::string> companion_of;
  std::string winner;
  std::optional<race::verdict> verdict;
  std::optional<double> margin_pct;  // only when a row won the seat
  double ms = 0;
};

// The line without its `@tune ` prefix: `end name=dot winner=u4 verdict=won margin=+7.2 ms=812`.
std::string to_line(const progress_event& e);
// A line, with or without its `@tune ` prefix; nullopt when its first word is no kind of event. A
// member it lacks (or a number that does not read) is left at its default.
std::optional<progress_event> parse_event(const std::string& line);

}  // namespace tune::race
