#pragma once
// What a person sees during a mint (docs/cmake-api.md, TUNE_VERBOSITY and TUNE_EVENTS): the bench prints `@tune`
// events; on a terminal they drive one live line. Anywhere else (a CI log), TUNE_VERBOSITY says how much: `normal` one
// line per family as it ends, plus the tool's own notes (what it tunes and why, the summary); `silent` nothing but
// errors; `verbose` every event. A parent that renders the progress itself sets TUNE_EVENTS=1 and gets every event
// untouched.
#include <chrono>
#include <cstdio>
#include <string>

#include "race/event.h"

namespace tune::mint {

enum class verbosity { silent, normal, verbose };

class progress {
 public:
  // Reads TUNE_VERBOSITY and TUNE_EVENTS (throws std::invalid_argument for an unknown value,
  // naming it) and whether `out` is a terminal.
  explicit progress(std::FILE* out = stdout);
  // Explicit, for tests: what the environment and isatty would decide.
  progress(std::FILE* out, bool terminal, verbosity level, bool forward_events);
  ~progress();

  void event(const std::string& line);  // one `@tune ...` line from the bench
  void note(const std::string& text);   // a line of our own (what it tunes, waiting, summary)
  void finish();                        // clears the live line

 private:
  void render();
  void track(const race::progress_event& e);

  std::FILE* out_;
  bool live_ = false;     // terminal, normal: the live line
  bool forward_ = false;  // every event untouched (TUNE_EVENTS=1, or verbose)
  bool silent_ = false;
  int total_ = 0;
  int done_ = 0;
  std::string family_, phase_;
  int i_ = 0, of_ = 0, rows_live_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace tune::mint
