#pragma once
// What a person sees during a mint (experience.md): the bench prints `@tune` events; on a
// terminal they drive one live line, anywhere else they are forwarded untouched so CI, an IDE
// or a parent tool can render or log them. TUNE_VERBOSITY: silent, normal, verbose.
#include <chrono>
#include <cstdio>
#include <string>

namespace tune::mint {

class progress {
 public:
  // Reads TUNE_VERBOSITY (throws std::invalid_argument for an unknown value) and whether
  // `out` is a terminal.
  explicit progress(std::FILE* out = stdout);
  ~progress();

  void event(const std::string& line);   // one `@tune ...` line from the bench
  void note(const std::string& text);    // a line of our own (waiting, summary)
  void finish();                         // clears the live line

 private:
  void render();

  std::FILE* out_;
  bool live_ = false;
  bool silent_ = false;
  bool verbose_ = false;
  int total_ = 0;
  int done_ = 0;
  std::string family_, phase_;
  int i_ = 0, of_ = 0, rows_live_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace tune::mint
