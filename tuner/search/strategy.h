#pragma once
// The search strategy of a searched family: which points of its space to compile and race next,
// given what the points raced so far measured. Pure decision logic, no I/O: the pipeline proposes
// a batch, builds and races it, tells each point's cost, and proposes again.
//
// `auto` is multi-start local search with multi-level single-linkage starts (Rinnooy Kan & Timmer,
// 1987), iterated as in iterated local search (Lourenço, Martin & Stützle, "Iterated Local
// Search", 2003):
//   1. a space-filling sample (best-candidate sampling on the Hamming distance) spends a third of
//      the budget, so a good region a few percent of the space wide is seen before any is refined;
//   2. descents start from the best sampled points, but not from one with a better measured point
//      within half the axes (the linkage rule): a wide basin is descended once, not once per
//      sample point that fell in it;
//   3. a descent measures its centre's one-axis-change neighbours, adjacent values first and then
//      the rest of each axis, plus a pattern move (every improving axis at once, Hooke & Jeeves),
//      and moves to the best that measured lower; it stops where another descent's path is lower
//      nearby;
//   4. with no start left, a kick from the best local optimum (two or three axes changed, then a
//      descent: ILS's perturbation) and a new far sample take turns, until the best has not
//      improved for a while;
//   5. an additive model of log cost (one effect per axis value) fitted to every measured point
//      orders a descent's neighbours when the batch cannot take them all, and takes half of the
//      budget's last batch for the points it ranks best: nothing measured later could use what
//      that batch would teach.
// Descents, starts and restarts all fill the same batch, so a batch of 8-32 proposals serves
// several descents at once. Kernel Tuner's strategy comparison (Schoonhoven et al., 2022) found
// the local-search, annealing and genetic families robust on real kernel spaces; local search
// needs no model and batches naturally, and the sample and the linkage rule keep a wide deceptive
// basin from taking the budget (docs/design/spaces.md, "The search strategy").
#include <cstddef>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

namespace tune::search {

// The space a family searches: its axes and every point its constraints allow, each point one
// value index per axis (in the order of `axes`).
struct space {
  std::vector<std::string> axes;
  std::vector<std::size_t> sizes;                  // values per axis
  std::vector<std::vector<std::uint16_t>> points;  // every allowed point
};

enum class strategy_kind { random, auto_ };
const char* name_of(strategy_kind);  // "random", "auto"
// The kind a name as name_of writes it stands for (a setting read from the family); nullopt else.
std::optional<strategy_kind> strategy_named(const std::string& name);

struct settings {
  strategy_kind kind = strategy_kind::auto_;
  std::uint64_t seed = 0;
  std::size_t budget_rows = 0;  // distinct points it may propose in all; 0: no limit but the space
};

// A uniform draw in [0, n) from mt19937_64, the same on every standard library (the standard fixes
// the engine's output but not std::uniform_int_distribution's): rejection keeps every residue
// equally likely. n > 0.
std::uint64_t draw_below(std::mt19937_64& rng, std::uint64_t n);

class searcher {
 public:
  // Throws std::invalid_argument when a point has the wrong number of values, a value past its
  // axis, or appears twice.
  searcher(space s, settings how);

  // Up to `n` points (indices into space.points) never proposed or told before, in a deterministic
  // order; empty when the budget is spent or the strategy has nothing left to propose.
  std::vector<std::size_t> propose(std::size_t n);
  // What a point measured: its cost (lower is faster), or nullopt when the row failed. Points told
  // without being proposed count as known, not against the budget. Throws std::invalid_argument for
  // a point outside the space, one told twice, or a cost that is not a number.
  void tell(std::size_t point, std::optional<double> cost);

  std::size_t proposed() const { return proposed_; }
  std::size_t told() const { return told_; }
  // "budget", "space", "converged" (auto: no restart left worth trying), or "" while it proposes.
  std::string stopped_because() const;
  // The best told point so far (nullopt when none measured).
  std::optional<std::size_t> best() const { return best_; }

 private:
  enum class seen : std::uint8_t { unseen, pending, known };
  struct neighbourhood {
    std::vector<std::size_t> points;  // adjacent values first, then the rest of each axis
    std::size_t adjacent = 0;         // how many of `points` are adjacent values
  };
  struct descent {
    std::size_t centre;
    bool whole_axes = false;                         // looking past the adjacent values
    std::optional<std::size_t> jump = std::nullopt;  // the pattern move from the last centre
  };

  std::size_t budget_left() const;
  bool space_spent() const { return unseen_ == 0; }
  void take(std::size_t point, std::vector<std::size_t>& out);
  std::optional<std::size_t> draw_unseen();
  std::optional<std::size_t> far_sample(std::size_t candidates);
  std::optional<std::size_t> lookup(const std::vector<std::uint16_t>& values) const;
  const neighbourhood& neighbours(std::size_t point);
  std::size_t hamming(std::size_t a, std::size_t b) const;
  // Whether a point of `among` within half the axes of `point` measured lower.
  bool better_nearby(std::size_t point, const std::vector<std::size_t>& among) const;

  void propose_random(std::size_t n, std::vector<std::size_t>& out);
  void propose_auto(std::size_t n, std::vector<std::size_t>& out);
  // Moves a descent as far as what is known allows; false when it ended (local optimum or merge).
  bool advance(descent& d);
  // Every axis whose best neighbour improved on the centre, moved at once; nullopt when fewer than
  // two did, or that point is not in the space or measured already.
  std::optional<std::size_t> pattern_move(std::size_t centre, const neighbourhood& nb) const;
  // The unseen points a descent wants measured next (none while it waits on pending ones).
  void wanted_by(const descent& d, std::size_t room, std::vector<std::size_t>& out);
  bool start_descent();
  std::optional<std::size_t> kick();
  // The additive model of log cost over the measured points (one effect per axis value), and a
  // point's predicted log cost under it (0 where nothing is fitted).
  void fit_model();
  double predicted(std::size_t point) const;
  // Up to `k` unseen points the model ranks lowest, once it is fitted on enough points.
  void propose_by_model(std::size_t k, std::vector<std::size_t>& out);

  space space_;
  settings how_;
  std::mt19937_64 rng_;
  std::unordered_map<std::uint64_t, std::size_t> index_;  // mixed-radix key of a point → its index
  std::vector<std::uint64_t> radix_;

  std::vector<seen> seen_;
  std::vector<double> cost_;  // +inf for failed or unknown points
  std::size_t unseen_ = 0;
  std::size_t proposed_ = 0;
  std::size_t told_ = 0;
  std::optional<std::size_t> best_;
  std::vector<std::size_t> known_;  // in the order told

  // The permutation random draws come from, shuffled lazily (Fisher-Yates, one swap per draw).
  std::vector<std::size_t> order_;
  std::size_t drawn_ = 0;

  // auto
  std::unordered_map<std::size_t, neighbourhood> neighbours_;
  std::size_t sample_rows_ = 0;       // the space-filling sample's size
  std::vector<std::size_t> sampled_;  // sample and far points: where descents may start
  std::vector<bool> started_;         // a descent started from this point
  std::vector<bool> on_path_;         // some descent's centre was here
  std::vector<std::size_t> path_;     // those points, for the linkage distance
  std::vector<descent> descents_;
  std::vector<std::size_t> optima_;        // where descents ended without a better neighbour
  std::size_t restarts_ = 0;               // kicks and far samples so far
  std::size_t proposed_at_last_gain_ = 0;  // `proposed_` when best_ last improved
  bool converged_ = false;
  std::vector<std::vector<double>> effect_;  // per axis, per value: the fitted effect on log cost
  std::size_t fitted_on_ = 0;                // measured points the model was fitted to
};

}  // namespace tune::search
