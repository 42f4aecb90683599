#pragma once
// The race engine's timer over supervised families (supervised.h): each window is a request to
// the family's child, bounded by its time limit; a row that fails while it is timed is thrown as
// race::row_failed. The noise probe runs in this process. One family's child lives at a time:
// moving to another family ends the previous one's. It keeps each row's hardware counts per call.
#include <chrono>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include <tune/bench/registry.h>

#include "harness/gate.h"
#include "harness/supervised.h"
#include "measure/counters.h"
#include "measure/probe_kernel.h"
#include "race/timing.h"

namespace tune::bench {

class supervised_timer final : public race::timer {
 public:
  // What the engine's family index `i` times: table `table` of raced family `family`.
  struct target {
    std::size_t family;
    std::size_t table;
  };
  struct raced {
    const family_info* info;
    family_session* session;
    const family_gate* gate;
  };
  supervised_timer(std::vector<raced> families, std::vector<target> targets)
      : families_(std::move(families)), targets_(std::move(targets)) {}

  double time_row(std::size_t index, std::size_t row, std::uint64_t reps) override { return time(index, row, 0, reps); }
  int relocated_placements() const override { return relocated_copies; }
  double time_relocated(std::size_t index, std::size_t row, int placement, std::uint64_t reps) override {
    return time(index, row, placement, reps);
  }
  double time_probe(std::uint64_t reps) override {
    const auto start = std::chrono::steady_clock::now();
    for (std::uint64_t i = 0; i < reps; ++i) detail::keep(measure::probe_kernel_once());
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  }
  std::optional<race::row_failure> recheck(std::size_t index, std::size_t row) override {
    const target& t = targets_.at(index);
    const raced& f = enter(t.family);
    return recheck_row(*f.info, *f.gate, *f.session, t.table, row);
  }
  // Row `row` of what index `index` times: its hardware counts per call over its windows.
  std::map<std::string, double> counters_of(std::size_t index, std::size_t row) const {
    const auto it = counts_.find({index, row});
    return it == counts_.end() ? std::map<std::string, double>{} : it->second.per_call();
  }
  // The events its child could not count, with why; empty when it counted them all or never ran.
  const std::map<std::string, std::string>& counters_unavailable(std::size_t index) const {
    return families_.at(targets_.at(index).family).session->counters_unavailable();
  }
  // Ends the running child (after the last family).
  void close() {
    if (current_) families_[*current_].session->close();
    current_.reset();
  }

 private:
  const raced& enter(std::size_t family) {
    if (current_ && *current_ != family) families_[*current_].session->close();
    current_ = family;
    return families_.at(family);
  }

  double time(std::size_t index, std::size_t row, int placement, std::uint64_t reps) {
    const target& t = targets_.at(index);
    const raced& f = enter(t.family);
    const double limit = f.gate->limits.window_s(f.gate->tables.at(t.table).at(row).call_s, reps);
    auto got = f.session->time(t.table, row, placement, reps, limit, limit_text(*f.info, *f.gate, limit, true));
    if (auto* failure = std::get_if<race::row_failure>(&got)) throw race::row_failed(index, row, *failure);
    const auto& window = std::get<bench::timed_window>(got);
    if (placement == 0) counts_[{index, row}].add(window.counters, reps);  // the row as linked, not its copies
    return window.ns;
  }

  std::vector<raced> families_;
  std::vector<target> targets_;
  std::optional<std::size_t> current_;
  std::map<std::pair<std::size_t, std::size_t>, measure::counter_totals> counts_;  // (index, row)
};

}  // namespace tune::bench
