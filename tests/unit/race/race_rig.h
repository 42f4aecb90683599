#pragma once
// A mint on synthetic timings: a fake clock, a seeded synthetic timer and the default protocol.
// Rows' true costs come from a table the test fills; everything runs instantly.
#include <map>
#include <string>
#include <vector>

#include "race/engine.h"
#include "race/synthetic.h"

namespace tune::race::testing {

inline family_input make_family(const std::string& name, const std::vector<std::string>& suffixes,
                                std::size_t fallback = 0, std::optional<std::string> incumbent = std::nullopt) {
  family_input f;
  f.name = name;
  for (const auto& s : suffixes) f.rows.push_back({s, std::nullopt});
  f.fallback = fallback;
  f.incumbent = std::move(incumbent);
  return f;
}

struct rig {
  explicit rig(std::uint64_t seed = 1) : timer(clock, seed) {
    p.seed = seed;
    timer.rows.cv = 0.01;
    timer.probe.cv = 0.005;
    timer.ns_per_call = [this](std::size_t f, std::size_t r) {
      return f < costs.size() ? costs.at(f).at(r) : companion_costs.at(f).at(r);
    };
  }

  // One family; `ns` are the rows' true costs per call in grid order, the first is the fallback.
  void add(const std::string& name, const std::vector<std::pair<std::string, double>>& rows,
           std::optional<std::string> incumbent = std::nullopt) {
    std::vector<std::string> suffixes;
    std::vector<double> ns;
    for (const auto& [s, c] : rows) {
      suffixes.push_back(s);
      ns.push_back(c);
    }
    families.push_back(make_family(name, suffixes, 0, std::move(incumbent)));
    costs.push_back(ns);
  }

  // A companion of the family added last, timed across its rows: `ns` are the companion's true
  // costs per call in the family's grid order. The timer knows it by an index past any family's.
  void add_companion(const std::string& name, const std::vector<double>& ns) {
    companion_input c;
    c.name = name;
    c.timer_index = first_companion_index + companion_costs.size();
    c.rows = families.back().rows;
    companion_costs[c.timer_index] = ns;
    families.back().companions.push_back(c);
  }

  // A companion whose signature is not the family's: listed, never timed.
  void add_untimed_companion(const std::string& name) {
    companion_input c;
    c.name = name;
    c.untimed = "its signature int() is not the family's";
    families.back().companions.push_back(c);
  }

  mint_result run(const event_sink& events = {}) { return run_mint(families, timer, clock, p, events); }

  fake_clock clock;
  synthetic_timer timer;
  protocol p;
  std::vector<family_input> families;
  std::vector<std::vector<double>> costs;
  static constexpr std::size_t first_companion_index = 100;
  std::map<std::size_t, std::vector<double>> companion_costs;  // timer index -> true costs
};

}  // namespace tune::race::testing
