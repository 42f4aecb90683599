#pragma once
// What a mint decided and why: everything the sidecar's race table records.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tune::race {

// Why a row was excluded after it failed (sidecar: last_fail_reason). `stage` is one of compile,
// isolate, link (the build left it out), gate (wrong output), crash, exit, throw, timeout.
struct row_failure {
  std::string stage;
  std::string detail;      // the signal, exit status, exception text, time limit or mismatch
  std::string diagnostic;  // the first lines the compiler, linker or row printed; may be empty
  // "crash: killed by SIGSEGV" (the diagnostic is kept apart: it can run to several lines)
  std::string summary() const { return stage + ": " + detail; }
};

struct row_result {
  std::string suffix;
  std::optional<std::string> rejected;  // why it was not timed
  std::optional<row_failure> failed;    // set when it was excluded for failing
  std::optional<double> median_ns;      // per call, over every round the row ran
  std::optional<double> best_ns;        // per call: the witness beside the median
  std::optional<double> q1_ns, q3_ns;   // per call: the quartiles of its rounds (the spread a chart shows)
  int rounds = 0;
  bool finalist = false;
};

// A race's outcome; `adopted` is a table's alone: a seat taken from a profile, not raced.
enum class verdict { won, holds, tie, demoted, rejected, budget, adopted };
const char* to_string(verdict v);
// The verdict a word names (to_string's inverse); nullopt for any other word.
std::optional<verdict> verdict_of(std::string_view word);

struct family_result {
  std::string name;
  std::string winner;  // suffix of the seat (the fallback unless a row earned it)
  std::string fallback;
  verdict outcome = verdict::holds;
  double need_pct = 0;  // required gain over the fallback
  // The seat's gain over the fallback: the smaller of race and re-race. Only a row that won has
  // one: the fallback in its own seat (held, tied, demoted) has no margin over itself.
  std::optional<double> margin_pct;
  std::optional<std::string>
      demoted;  // the row that lost its seat (rule 8, the closing floor, the check after the race)
  std::optional<double> demoted_margin_pct;  // that row's margin when it lost the seat
  std::optional<double> drift_pct;           // fallback's level change between race and re-race (recorded only)
  std::vector<row_result> rows;              // grid order
  std::string note;                          // one line of why, for `tune explain`
  double ms = 0;                             // wall time of this family's race
  // A companion's race (docs/design/kernels-and-isolation.md "Companions") is recorded as a family_result of
  // its own: name is the companion, fallback the family's seat it raced against. companion_of
  // names that family; the family's result lists its companions' races in declaration order.
  std::optional<std::string> companion_of;
  std::vector<family_result> companions;
};

struct probe_point {
  std::string label;   // "start", "mid1", ..., "end" (+ "-settled" after a spin)
  double mad_pct = 0;  // robust spread: median absolute percentage deviation
  double cv_pct = 0;   // coefficient of variation, beside it
};

enum class mint_status { ok, noise_refused, interrupted };
const char* to_string(mint_status s);

// The closing floor's rule for one seat: a win whose margin is below `floor_pct` (the need the
// noise of the whole mint calls for) did not win by enough to trust, and falls to the fallback.
void demote_below_floor(family_result& f, double floor_pct);

// The seat goes back to the fallback: `demoted` names the row that lost it, with its margin
// (`margin` when given, else the seat's), and the seat has no margin any more.
void demote(family_result& f, const std::string& why, std::optional<double> margin = std::nullopt);

struct mint_result {
  mint_status status = mint_status::ok;
  // Families left undecided because their fallback failed while it was timed: name -> why. They
  // are not in `families`.
  std::map<std::string, std::string> errors;
  std::string reason;  // for noise_refused / interrupted
  bool noise_overridden = false;
  std::vector<probe_point> probes;
  double noise_floor_pct = 0;           // largest probe spread seen
  std::vector<family_result> families;  // in race order; empty when interrupted
  double ms = 0;
  std::map<std::string, double> phase_s;  // where the time went: warm, screen, final, validate, probe, spin
};

}  // namespace tune::race
