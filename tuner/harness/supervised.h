#pragma once
// One family whose rows run in a supervised child (`<bench> serve --family <name>`, serve.h), so
// a row that crashes, exits, throws or hangs takes only itself out: the child is started when it
// is first needed and again after it dies (its fixture runs again, on the same inputs), and every
// wait for it is bounded (limits.h).
//
// The channel carries one JSON message per frame. The child says first
//   {"ready": true, "work": <amount>, "unit": <text>, "fresh": <bool>, "counters_unavailable": {event: why}}
//   or  {"fixture_error": <text>}
// then answers each request, one call of a kernel each (so each call has its own limit):
//   {"op": "reference", "table": t, "row": r, "call": k} -> {"ns": <elapsed>, "varies": <bool>}
//        call k of the reference (k = 0 from the fixture's inputs); varies: its output differs from call 0's
//   {"op": "check", "table": t, "row": r, "call": k}     -> {"pass": <bool>, "describe": <text>,
//        "worst_abs": .., "worst_rel": .., "worst_ulp": .., "ns": <elapsed>}: call k against the reference's
//   {"op": "time", "table": t, "row": r, "placement": p, "reps": n} -> {"ns": <elapsed>, "counters": {event: count}}
//        counters: the window's hardware counts (measure/counters.h), of the events that could be read
// or {"threw": <text>} when the kernel threw; {"op": "done"} ends it.
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include <tune/bench/registry.h>

#include "race/result.h"
#include "util/subprocess.h"

namespace tune::bench {

// The family's fixture failed before fx.run (it threw, returned without fx.run, crashed, exited or
// overran its time limit), or its reference did when a child restarted: the family cannot be raced.
class fixture_failed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct reference_calls {
  std::vector<double> call_ns;
  bool varies = false;  // its own output differs between calls on the same inputs
};

struct row_check {
  bool pass = true;
  int call = 0, of = 0;  // the first failing call, of how many
  std::string describe;
  double worst_abs = 0, worst_rel = 0, worst_ulp = 0;
  std::vector<double> call_ns;
};

// One timed window: its nanoseconds and the hardware counts over it.
struct timed_window {
  double ns = 0;
  std::map<std::string, double> counters;
};

template <class T>
using answer = std::variant<T, race::row_failure>;

class family_session {
 public:
  family_session(std::filesystem::path bench, const family_info& family, double setup_limit_s);
  ~family_session();
  family_session(const family_session&) = delete;
  family_session& operator=(const family_session&) = delete;

  // Each waits at most `limit_s` for each call (for a window: for the window); `limit_text` says
  // how that limit was set, for the failure. check stops at the first call that fails.
  answer<reference_calls> reference(std::size_t table, std::size_t row, int calls, double limit_s,
                                    const std::string& limit_text);
  answer<row_check> check(std::size_t table, std::size_t row, int calls, double limit_s, const std::string& limit_text);
  answer<timed_window> time(std::size_t table, std::size_t row, int placement, std::uint64_t reps, double limit_s,
                            const std::string& limit_text);
  // Tells the child it is done and reaps it; the next request starts a new one.
  void close();

  double work() const { return work_; }
  const std::string& work_unit() const { return work_unit_; }
  // The hardware events the child could not count, with why (from its ready message).
  const std::map<std::string, std::string>& counters_unavailable() const { return counters_unavailable_; }
  int children_started() const { return started_; }

 private:
  void start();
  answer<nlohmann::json> ask(const nlohmann::json& request, double limit_s, const std::string& limit_text);

  std::filesystem::path bench_;
  const family_info& family_;
  double setup_limit_s_;
  std::unique_ptr<util::supervised_child> child_;
  struct reference_request {
    std::size_t row;
    int calls;
    double limit_s;
    std::string limit_text;
  };
  // Each table's reference calls, made again in a fresh child before its first check there.
  std::map<std::size_t, reference_request> references_;
  std::set<std::size_t> referenced_;  // tables whose reference the running child has called
  double work_ = 0;
  std::string work_unit_;
  std::map<std::string, std::string> counters_unavailable_;
  int started_ = 0;
};

// The first lines of what a child printed, for a failure's diagnostic: at most `lines` lines of at
// most 200 characters each.
std::string first_lines(const std::string& text, int lines = 6);

// The words of util::bench_emulator_variable (TUNE_BENCH_EMULATOR); none when it is unset or empty. Throws
// std::runtime_error for a value that is not a JSON array of strings.
std::vector<std::string> emulator_prefix();

}  // namespace tune::bench
