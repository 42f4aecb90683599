#pragma once
// One family's race table, the sidecar's `race.<family>` (docs/sidecar.md "Race tables"): what the bench
// decided (`bench race` writes it from a family_result), what the mint adds (each row's impl_hash
// and compile command) and what explain, status, the stamp, release checks and profile export
// read. This is the one reader and writer of its fields; sidecar/format.cpp checks a table's
// shape before from_json reads it. Below it, the two files that carry race tables between the
// mint and the bench: the request and the answer.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "race/result.h"

namespace tune::race {

// A row that failed the correctness gate: its worst errors against the reference (NaN when the
// comparison had no finite value; written as null).
struct gate_errors {
  double abs = 0, rel = 0, ulp = 0;
};

// One call's work as the fixture declared it (fx.work(2.0 * n, "flop")): what turns a time per
// call into a rate.
struct work_record {
  double amount = 0;
  std::string unit;
};

// `w` per call at `ns` per call as a number and its unit, with the SI prefix that keeps the number
// between 1 and 1000 (k to T): {3.1234, "GFLOP/s"}. A unit "flop" is written FLOP, "byte" B.
struct rate_value {
  double value = 0;
  std::string unit;
};
rate_value rate_of(const work_record& w, double ns);

// "3.12 GFLOP/s", "870 MB/s", "1.50 Gadd/s": rate_of() as text, three significant digits.
std::string rate_text(const work_record& w, double ns);

// "branch_misses, cache_misses, cycles and instructions: this CPU or VM has no such hardware event
// (perf_event_open: ENOENT)": a table's counters_unavailable, events with one reason said once.
std::string counters_unavailable_text(const std::map<std::string, std::string>& why);

// A count per call as explain and the report show it: "2310", "41.3", "0.0041" (a small count
// keeps its digits: 0.004 cache misses per call is not 0).
std::string count_text(double per_call);

// The events a row's counters are shown in, in this order, where it has them.
inline constexpr const char* counter_events[] = {"cycles", "instructions", "branch_misses", "cache_misses"};

struct race_row {
  std::optional<std::string> rejected;  // why it was not timed
  std::optional<double> median_ns;      // per call; absent for a row never timed
  std::optional<double> best_ns;
  std::optional<double> q1_ns, q3_ns;  // the quartiles of its rounds' times per call
  std::optional<std::int64_t> rounds;  // present for every row that was not rejected
  std::optional<bool> finalist;
  std::optional<row_failure> last_fail_reason;
  std::optional<gate_errors> worst;
  std::optional<std::string> impl_hash;    // the mint's, not the bench's: the recipe identity
  std::optional<std::string> code_sha256;  // the mint's: the code identity, from the row's isolation
  // The row compiled to the same code as this row of the table, which was raced for both
  // (race/same_code.h): this row has no timing of its own, that row's result is its result.
  std::optional<std::string> same_code_as;
  std::optional<std::string> compile;
  // Not raced by the mint that wrote this table (`tune mint --only-new` races a family's new rows
  // against its seat): its result is from the mint written at this time (ISO 8601), with the code
  // it has now.
  std::optional<std::string> carried_from;
  // A searched family's row timed by a batch of this mint's search, not by its final race: the
  // batch's number, from 1 (mint/search_scope.h).
  std::optional<std::int64_t> search_batch;
  // Hardware counts per call (cycles, instructions, branch_misses, cache_misses: the events that
  // could be read), over its windows (measure/counters.h, counter_totals).
  std::optional<std::map<std::string, double>> counters;
  nlohmann::json other = nlohmann::json::object();  // members this version does not name, kept
};

// A searched family's search (cmake/tune/Search.cmake, mint/search_scope.h): how it chose the rows
// its table holds. The table's rows are the rows it visited; `proposed` lists them in the order
// the strategy proposed them.
struct search_record {
  std::string strategy;  // "random" or "auto"
  std::uint64_t seed = 0;
  std::size_t space_size = 0;  // the rows the constraints allow
  std::size_t visited = 0;     // rows measured: proposed, and the reference and FALLBACK chain
  std::size_t compiled = 0;    // rows this search compiled (a row whose recipe is unchanged is not)
  std::size_t budget_rows = 0;
  double budget_seconds = 0;    // 0: none
  std::string stopped_because;  // "budget_rows", "budget_seconds", "space", "converged"
  std::size_t batches = 0;
  double seconds = 0;  // its wall time, compiles and races
  std::vector<std::string> proposed;
  // What the template row's compile read (isolate/identity.h inputs_sha256) when it searched:
  // another means the rows it visited are compiled from other code now.
  std::string template_inputs_sha256;
};

struct race_table {
  std::string winner;
  // race::verdict's word as written: a word this version does not know is kept, and reads as no
  // outcome().
  std::string verdict;
  // A table of a family adopted from a profile has winner, verdict "adopted" and profile alone.
  std::optional<std::string> profile;
  std::optional<race::verdict> outcome() const { return verdict_of(verdict); }
  bool adopted() const { return outcome() == race::verdict::adopted; }
  // False for a table no row of which was timed (a companion that follows its family untimed, a
  // family left to the budget, every row rejected): it has a seat, not a race to describe.
  bool timed() const;

  std::string fallback;
  double need_pct = 0;
  std::optional<double> margin_pct;
  std::optional<std::string> demoted;
  std::optional<double> demoted_margin_pct;
  std::optional<double> drift_pct;
  std::string note;
  double ms = 0;
  std::map<std::string, race_row> rows;  // by suffix
  std::optional<work_record> work;       // one call's work, when the family's fixture declared it
  // The hardware events its rows' windows could not count, each with why (a VM without a PMU, the
  // box's perf_event_paranoid): never recorded as zeros.
  std::optional<std::map<std::string, std::string>> counters_unavailable;
  // The bench's: the size of every thread pool its rows ran with (THREADS, harness/pools.h), 0 for
  // THREADS all, and the CPUs of the allocation it raced in. Unset in tables raced before pools were set.
  std::optional<int> threads, cores;
  // A family's companions: the race of each (rows gated against the reference's companion) and,
  // where a companion's race seated another row than the family's, that seat.
  std::optional<std::map<std::string, race_table>> companion_races;
  std::optional<std::map<std::string, std::string>> companions;
  // The mint's, not the bench's: the code identity of the family's fixture as it was raced with
  // (util::object_code_sha256 of the fixture compiled alone). Whether a re-mint may keep this table
  // (mint/incremental.h).
  std::optional<std::string> fixture_sha256;
  // The mint's: the tool and the compiler it measured with (a re-mint keeps no table another
  // measured), and whether its noise ceiling was overridden (TUNE_NOISE_OVERRIDE), which a later
  // mint that keeps the table carries into provenance.noise.
  std::optional<std::string> tool, compiler;
  bool noise_overridden = false;
  // The mint's: when it raced this table (ISO 8601). A later mint that keeps the table keeps it,
  // and `tune mint --only-new` marks the rows it carries from this table with it.
  std::optional<std::string> measured;
  // The mint's, for a searched family: the search that chose its rows.
  std::optional<search_record> search;
  nlohmann::json other = nlohmann::json::object();  // members this version does not name, kept
};

// "searched 401 of 3712 rows (auto, seed 7): 400 compiled in 13 batches, 44.7 s; stopped at its
// budget of 400 rows": what explain and the report say of a search.
std::string search_text(const search_record& s);

void to_json(nlohmann::json& out, const search_record& s);
void from_json(const nlohmann::json& in, search_record& s);

// A row's time per call in `race` and its rate when the fixture declared work; nullopt for a row
// this race did not time. A row of the same code as another (same_code_as) has that row's time.
// What the stamp, status, history and the report show as a seat's time.
struct row_time {
  double median_ns = 0;
  std::optional<std::string> rate;
};
std::optional<row_time> time_of(const race_table& race, const std::string& suffix);

void to_json(nlohmann::json& out, const row_failure& f);  // diagnostic left out when empty
void from_json(const nlohmann::json& in, row_failure& f);
void to_json(nlohmann::json& out, const race_row& r);
void from_json(const nlohmann::json& in, race_row& r);
void to_json(nlohmann::json& out, const race_table& t);
void from_json(const nlohmann::json& in, race_table& t);

// The mint as a whole, the `mint` member of the bench's answer to `bench race`: its status, the
// noise probes and the floor they set, and its wall time. Written from a mint_result by the bench;
// read by the mint after mint::check_race_result.
struct probe_record {
  std::string label;
  std::optional<double> mad_pct;  // null: a probe with no spread to show
  std::optional<double> cv_pct;
};

struct mint_record {
  std::string status;  // mint_status's words
  std::string reason;  // why a mint was refused or interrupted
  bool noise_overridden = false;
  std::vector<probe_record> probes;
  double noise_floor_pct = 0;
  double ms = 0;
};

mint_record record_of(const mint_result& r);
void to_json(nlohmann::json& out, const mint_record& m);
void from_json(const nlohmann::json& in, mint_record& m);

// The mint's request to `bench race` (race-request.json): written by mint/race_scope.cpp, read by
// tuner/harness/main.cpp after its check_request.
// Why a row the request's only_rows leaves out was not timed: what the mint recognizes to carry
// its last result instead (mint/race_scope.cpp).
inline constexpr const char* not_asked_text = "not asked for in this race";

struct race_request {
  std::string scope;
  std::vector<std::string> families;              // to race; empty: every family of the bench
  std::map<std::string, std::string> incumbents;  // family -> the previous sidecar's seat (rule 7)
  // family -> suffix -> code identity, for the rows whose isolation recorded one: rows of one
  // code are raced once (race/same_code.h).
  std::map<std::string, std::map<std::string, std::string>> codes;
  // family -> suffix -> how the row failed at an earlier mint with the code it has now: the gate
  // does not call it again (mint/incremental.h, known_failures).
  std::map<std::string, std::map<std::string, row_failure>> failed;
  // A rerun (mint/rerun.h) or `tune mint --only-new` (mint/incremental.h): family -> the only rows
  // it times, each other row listed as rejected with not_asked_text; and for a rerun, the row it
  // times them against (in the fallback's place).
  std::map<std::string, std::vector<std::string>> only_rows;
  std::map<std::string, std::string> baseline;
  std::optional<double> budget_s;     // the scope's BUDGET
  std::optional<std::uint64_t> seed;  // the race's shuffles
};

void to_json(nlohmann::json& out, const race_request& r);
void from_json(const nlohmann::json& in, race_request& r);

// The bench's whole answer to `bench race` (race-result.json): written by tuner/harness/main.cpp,
// read by the mint (mint/race_scope.cpp) after mint::check_race_result.
struct race_answer {
  mint_record mint;
  std::map<std::string, race_table> families;           // every family that raced
  std::map<std::string, std::string> errors;            // family -> why it could not race; written only when any
  std::string features;                                 // the features the bench ran with (box::join)
  nlohmann::json telemetry = nlohmann::json::object();  // the machine's state "before" and "after"
};

// The sidecar's provenance.validation for a mint's race tables: "ok" when no seat a race crowned
// was demoted (by the validation re-race, the closing noise floor or its check after the race),
// else "demoted: dot (u8_avx2 at -2.5%); dot.layout (u8_avx2)" — a companion after its family.
std::string validation_text(const std::map<std::string, race_table>& families);

void to_json(nlohmann::json& out, const race_answer& a);
void from_json(const nlohmann::json& in, race_answer& a);

}  // namespace tune::race
