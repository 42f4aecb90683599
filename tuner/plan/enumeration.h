#pragma once
// Which candidates the search proposes, in which order. Deterministic for the same knob space
// and the same screening results, and versioned: a change to the order is a new version, and
// the version is recorded in every report.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "plan/knobs.h"

namespace tune::plan {

inline constexpr const char* enumeration_version = "tune-plan-enum/4";

// One point of the knob space: the index of the chosen value on each axis (0: the baseline's).
using choice = std::vector<int>;

struct proposal {
  choice point;
  std::string stage;   // "one-knob", "serial", "joint", "neighbour"
  std::string origin;  // why it was proposed
};

// The settings of a point: every axis's assignment, merged.
assignment settings_of(const knob_space& space, const choice& point);

// "omp_threads=1, fftw_planner=measure"; "baseline values" when nothing differs.
std::string describe(const knob_space& space, const choice& point);

// The variables a point sets or removes, as one comparable string: two points with the same key
// resolve to the same effective settings and are run once.
std::string effective_key(const assignment& settings);

// Stage 1, for one axis: every other value of `axis`, moved from `from`. The search takes the
// axes in order, each from the incumbent (the best point screened so far that beats the
// baseline, the baseline before any), so each knob is tried beside the moves that paid off.
std::vector<proposal> one_knob_moves(const knob_space& space, const choice& from, std::size_t axis);

// The same moves as walks away from `from`, each screened in order while its moves keep getting
// faster: for a thread axis, fewer threads (nearest count first) and more threads, since a pool's
// time mostly falls, then rises, with its thread count; for any other axis, one walk per value
// (each is tried). On 64 CPUs a thread axis has 7 values and a walk often stops after two.
std::vector<std::vector<proposal>> one_knob_walks(const knob_space& space, const choice& from, std::size_t axis);

// After stage 1: `from` with every thread pool at one thread, if any axis offers it.
std::optional<proposal> serial_point(const knob_space& space, const choice& from);

struct screened {
  choice point;
  int id = 0;  // candidate id, for origins
  double objective_s = 0;
};

// Stage 2 (repeated while budget lasts): first the joint move that combines each knob's best
// single move that beat the baseline, then splits of each pair of thread pools, then every
// one-knob neighbour of the best and the second best screened points, ordered by the objective
// the single moves predict (each axis's one-knob result as a factor on the point's objective).
// `ranked` is best first; `singles` are the stage-1 results.
std::vector<proposal> neighbour_stage(const knob_space& space, const std::vector<screened>& ranked,
                                      const std::vector<screened>& singles, double baseline_objective_s);

// Stage 3, once the neighbour stage proposes nothing new and budget is left: every point not yet
// proposed, ordered by the objective the single moves predict (the product of their factors on
// the baseline's). A joint move the one-knob walks misjudge (a pool that pays only beside another
// knob's value, such as FFTW threads beside passive OpenMP waiting on 2 CPUs) is still reached
// when the budget covers the space.
std::vector<proposal> sweep_stage(const knob_space& space, const std::set<choice>& proposed,
                                  const std::vector<screened>& singles, double baseline_objective_s);

// Every point of the space (the finite set the search draws from), baseline first.
std::vector<choice> all_points(const knob_space& space);

}  // namespace tune::plan
