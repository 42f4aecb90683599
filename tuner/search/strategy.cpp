#include "search/strategy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace tune::search {

namespace {

constexpr double unknown_cost = std::numeric_limits<double>::infinity();

// Candidates drawn per space-filling point: enough to spread the sample, few enough that it stays
// random where the space is irregular (best-candidate sampling, Mitchell 1991).
constexpr std::size_t sample_candidates = 8;
// A far restart looks harder: by then most of the space near measured points is explored.
constexpr std::size_t far_candidates = 32;
// Tries to find a kicked point that is in the space and unmeasured before giving up on the kick.
constexpr int kick_tries = 32;

}  // namespace

const char* name_of(strategy_kind k) {
  switch (k) {
    case strategy_kind::random:
      return "random";
    case strategy_kind::auto_:
      return "auto";
  }
  return "?";
}

std::optional<strategy_kind> strategy_named(const std::string& name) {
  if (name == "random") return strategy_kind::random;
  if (name == "auto") return strategy_kind::auto_;
  return std::nullopt;
}

std::uint64_t draw_below(std::mt19937_64& rng, std::uint64_t n) {
  constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
  // 2^64 mod n draws at the top of the range would favour the low residues: redraw them.
  const std::uint64_t excess = (top % n + 1) % n;
  for (;;) {
    const std::uint64_t v = rng();
    if (v <= top - excess) return v % n;
  }
}

searcher::searcher(space s, settings how) : space_(std::move(s)), how_(how), rng_(how.seed) {
  const std::size_t axes = space_.sizes.size();
  if (space_.axes.size() != axes)
    throw std::invalid_argument(fmt::format("search space: {} axis names but {} axis sizes", space_.axes.size(), axes));
  // Points are found by a mixed-radix key, so the grid (before constraints) must fit 64 bits.
  std::uint64_t grid = 1;
  for (std::size_t a = 0; a < axes; ++a) {
    if (space_.sizes[a] == 0)
      throw std::invalid_argument(fmt::format("search space: axis {} has no values", space_.axes[a]));
    radix_.push_back(grid);
    if (grid > std::numeric_limits<std::uint64_t>::max() / space_.sizes[a])
      throw std::invalid_argument("search space: the grid of its axes has more than 2^64 points");
    grid *= space_.sizes[a];
  }
  const std::size_t n = space_.points.size();
  index_.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto& p = space_.points[i];
    if (p.size() != axes)
      throw std::invalid_argument(fmt::format("search space: point {} has {} values for {} axes", i, p.size(), axes));
    std::uint64_t key = 0;
    for (std::size_t a = 0; a < axes; ++a) {
      if (p[a] >= space_.sizes[a])
        throw std::invalid_argument(fmt::format("search space: point {} has value {} on axis {} of {} values", i, p[a],
                                                space_.axes[a], space_.sizes[a]));
      key += p[a] * radix_[a];
    }
    if (!index_.emplace(key, i).second)
      throw std::invalid_argument(fmt::format("search space: point {} repeats point {}", i, index_.at(key)));
  }
  seen_.assign(n, seen::unseen);
  cost_.assign(n, unknown_cost);
  unseen_ = n;
  order_.resize(n);
  std::iota(order_.begin(), order_.end(), std::size_t{0});
  started_.assign(n, false);
  on_path_.assign(n, false);
  // A third of the budget for the sample (with no budget, of the space), but at least two points
  // per axis so the first descents start from a choice. Less, and a valley a few percent of the
  // space wide is missed too often (bench/search/search_bench.cpp); more, and too few rows are
  // left to descend.
  const std::size_t budget = how_.budget_rows == 0 ? n : std::min(how_.budget_rows, n);
  sample_rows_ = std::min(budget, std::max(budget / 3, 2 * axes));
}

std::size_t searcher::budget_left() const {
  if (how_.budget_rows == 0) return std::numeric_limits<std::size_t>::max();
  return how_.budget_rows - std::min(how_.budget_rows, proposed_);
}

std::string searcher::stopped_because() const {
  if (how_.budget_rows != 0 && proposed_ >= how_.budget_rows) return "budget";
  if (space_spent()) return "space";
  if (converged_) return "converged";
  return "";
}

void searcher::tell(std::size_t point, std::optional<double> cost) {
  if (point >= seen_.size())
    throw std::invalid_argument(fmt::format("search: point {} is not in a space of {} points", point, seen_.size()));
  if (seen_[point] == seen::known) throw std::invalid_argument(fmt::format("search: point {} was told twice", point));
  if (cost && std::isnan(*cost)) throw std::invalid_argument(fmt::format("search: point {} measured NaN", point));
  if (seen_[point] == seen::unseen) {
    // Measured before the search (the reference, rows raced earlier): a sample point like any other.
    --unseen_;
    sampled_.push_back(point);
  }
  seen_[point] = seen::known;
  known_.push_back(point);
  ++told_;
  // A failed row costs more than any measured one, so no descent moves to it or starts from it.
  cost_[point] = cost ? *cost : unknown_cost;
  if (!cost) return;
  if (!best_ || *cost < cost_[*best_] || (*cost == cost_[*best_] && point < *best_)) {
    best_ = point;
    proposed_at_last_gain_ = proposed_;
  }
}

std::vector<std::size_t> searcher::propose(std::size_t n) {
  std::vector<std::size_t> out;
  const std::size_t room = std::min(n, budget_left());
  if (room == 0 || space_spent()) return out;
  if (how_.kind == strategy_kind::random)
    propose_random(room, out);
  else
    propose_auto(room, out);
  converged_ = out.empty() && how_.kind == strategy_kind::auto_;
  return out;
}

void searcher::take(std::size_t point, std::vector<std::size_t>& out) {
  seen_[point] = seen::pending;
  --unseen_;
  ++proposed_;
  out.push_back(point);
}

std::optional<std::size_t> searcher::draw_unseen() {
  while (drawn_ < order_.size()) {
    const std::size_t j = drawn_ + draw_below(rng_, order_.size() - drawn_);
    std::swap(order_[drawn_], order_[j]);
    const std::size_t p = order_[drawn_++];
    if (seen_[p] == seen::unseen) return p;
  }
  return std::nullopt;
}

void searcher::propose_random(std::size_t n, std::vector<std::size_t>& out) {
  while (out.size() < n) {
    const auto p = draw_unseen();
    if (!p) return;
    take(*p, out);
  }
}

std::optional<std::size_t> searcher::lookup(const std::vector<std::uint16_t>& values) const {
  std::uint64_t key = 0;
  for (std::size_t a = 0; a < values.size(); ++a) key += values[a] * radix_[a];
  const auto it = index_.find(key);
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

const searcher::neighbourhood& searcher::neighbours(std::size_t point) {
  const auto cached = neighbours_.find(point);
  if (cached != neighbours_.end()) return cached->second;
  neighbourhood nb;
  auto values = space_.points[point];
  const auto add = [&](std::size_t axis, std::size_t value) {
    const auto was = values[axis];
    values[axis] = static_cast<std::uint16_t>(value);
    if (const auto p = lookup(values)) nb.points.push_back(*p);
    values[axis] = was;
  };
  for (std::size_t a = 0; a < values.size(); ++a) {
    if (values[a] > 0) add(a, values[a] - 1u);
    if (values[a] + 1u < space_.sizes[a]) add(a, values[a] + 1u);
  }
  nb.adjacent = nb.points.size();
  // Then the rest of each axis, nearer values first: axes are mostly ordered (tile sizes, unroll
  // factors), but a value two steps away may be the one that helps.
  for (std::size_t a = 0; a < values.size(); ++a) {
    const std::size_t v = values[a];
    for (std::size_t step = 2; step < space_.sizes[a]; ++step) {
      if (v >= step) add(a, v - step);
      if (v + step < space_.sizes[a]) add(a, v + step);
    }
  }
  return neighbours_.emplace(point, std::move(nb)).first->second;
}

std::size_t searcher::hamming(std::size_t a, std::size_t b) const {
  const auto& x = space_.points[a];
  const auto& y = space_.points[b];
  std::size_t d = 0;
  for (std::size_t i = 0; i < x.size(); ++i) d += x[i] != y[i];
  return d;
}

bool searcher::better_nearby(std::size_t point, const std::vector<std::size_t>& among) const {
  // Multi-level single linkage's rule: a better point within half the axes means this one lies on
  // a slope that is, or will be, descended from lower down; descending from here too would most
  // likely retrace the same basin.
  const std::size_t radius = std::max<std::size_t>(1, space_.sizes.size() / 2);
  return std::any_of(among.begin(), among.end(),
                     [&](std::size_t p) { return cost_[p] < cost_[point] && hamming(point, p) <= radius; });
}

std::optional<std::size_t> searcher::far_sample(std::size_t candidates) {
  std::optional<std::size_t> chosen;
  std::size_t chosen_distance = 0;
  for (std::size_t c = 0; c < candidates; ++c) {
    // Rejection is cheap while most of the space is unseen; the permutation always finds one.
    std::optional<std::size_t> p;
    for (int tries = 0; tries < 16 && !p; ++tries) {
      const auto q = static_cast<std::size_t>(draw_below(rng_, seen_.size()));
      if (seen_[q] == seen::unseen) p = q;
    }
    if (!p) return chosen ? chosen : draw_unseen();
    // The distance to the nearest sampled or descended point; stop once it cannot beat the chosen.
    std::size_t distance = std::numeric_limits<std::size_t>::max();
    for (const auto* from : {&sampled_, &path_}) {
      for (const std::size_t q : *from) {
        distance = std::min(distance, hamming(*p, q));
        if (chosen && distance <= chosen_distance) break;
      }
      if (chosen && distance <= chosen_distance) break;
    }
    if (!chosen || distance > chosen_distance) {
      chosen = p;
      chosen_distance = distance;
    }
  }
  return chosen;
}

bool searcher::advance(descent& d) {
  for (;;) {
    if (seen_[d.centre] != seen::known) return true;
    if (cost_[d.centre] == unknown_cost) return false;
    const auto& nb = neighbours(d.centre);
    std::optional<std::size_t> better;
    for (const std::size_t p : nb.points) {
      if (seen_[p] != seen::known || cost_[p] >= cost_[d.centre]) continue;
      if (!better || cost_[p] < cost_[*better] || (cost_[p] == cost_[*better] && p < *better)) better = p;
    }
    const auto jumped = [&] { return d.jump && seen_[*d.jump] == seen::known; };
    if (jumped() && cost_[*d.jump] < cost_[d.centre] && (!better || cost_[*d.jump] < cost_[*better])) better = d.jump;
    if (better) {
      d.jump = pattern_move(d.centre, nb);
      d.centre = *better;
      d.whole_axes = false;
      // Another descent came this way, or passed near and lower: the rest of this basin is its.
      if (on_path_[d.centre] || better_nearby(d.centre, path_)) return false;
      on_path_[d.centre] = true;
      path_.push_back(d.centre);
      continue;
    }
    const std::size_t looked = d.whole_axes ? nb.points.size() : nb.adjacent;
    if ((d.jump && !jumped()) || std::any_of(nb.points.begin(), nb.points.begin() + static_cast<std::ptrdiff_t>(looked),
                                             [&](std::size_t p) { return seen_[p] != seen::known; }))
      return true;
    if (!d.whole_axes && nb.adjacent < nb.points.size()) {
      d.whole_axes = true;
      continue;
    }
    optima_.push_back(d.centre);
    return false;
  }
}

std::optional<std::size_t> searcher::pattern_move(std::size_t centre, const neighbourhood& nb) const {
  // Hooke and Jeeves' pattern move: where several axes improve, they likely improve together, and
  // one point tells so, where one axis per round would take a round per axis.
  const auto& from = space_.points[centre];
  std::vector<std::optional<std::size_t>> best_on(from.size());
  for (const std::size_t p : nb.points) {
    if (seen_[p] != seen::known || cost_[p] >= cost_[centre]) continue;
    const auto& to = space_.points[p];
    const auto axis =
        static_cast<std::size_t>(std::mismatch(from.begin(), from.end(), to.begin()).first - from.begin());
    auto& b = best_on[axis];
    if (!b || cost_[p] < cost_[*b]) b = p;
  }
  auto values = from;
  std::size_t moved = 0;
  for (std::size_t a = 0; a < from.size(); ++a) {
    if (!best_on[a]) continue;
    values[a] = space_.points[*best_on[a]][a];
    ++moved;
  }
  if (moved < 2) return std::nullopt;
  const auto p = lookup(values);
  if (!p || seen_[*p] != seen::unseen) return std::nullopt;
  return p;
}

void searcher::wanted_by(const descent& d, std::size_t room, std::vector<std::size_t>& out) {
  if (seen_[d.centre] != seen::known) return;
  if (d.jump && seen_[*d.jump] == seen::unseen && out.size() < room) take(*d.jump, out);
  const auto& nb = neighbours(d.centre);
  const std::size_t looked = d.whole_axes ? nb.points.size() : nb.adjacent;
  std::vector<std::size_t> wanted;
  for (std::size_t i = 0; i < looked; ++i)
    if (seen_[nb.points[i]] == seen::unseen) wanted.push_back(nb.points[i]);
  // When the batch cannot take them all, the model says which to measure first.
  if (fitted_on_ > 0 && out.size() + wanted.size() > room)
    std::stable_sort(wanted.begin(), wanted.end(),
                     [&](std::size_t a, std::size_t b) { return predicted(a) < predicted(b); });
  for (std::size_t i = 0; i < wanted.size() && out.size() < room; ++i) take(wanted[i], out);
}

void searcher::fit_model() {
  // Backfitting (Hastie & Tibshirani): each axis's effects in turn are the mean of what the other
  // axes leave unexplained, shrunk toward none as sum / (count + 1) so a value measured once does
  // not look like the best on one lucky window. Four sweeps settle it on these few hundred points.
  std::vector<std::size_t> measured;
  for (const std::size_t p : known_)
    if (cost_[p] != unknown_cost && cost_[p] > 0) measured.push_back(p);
  fitted_on_ = 0;
  if (measured.size() < 2) return;
  const std::size_t axes = space_.sizes.size();
  effect_.assign(axes, {});
  for (std::size_t a = 0; a < axes; ++a) effect_[a].assign(space_.sizes[a], 0.0);
  std::vector<double> y;
  double mean = 0;
  for (const std::size_t p : measured) {
    y.push_back(std::log(cost_[p]));
    mean += y.back();
  }
  mean /= static_cast<double>(measured.size());
  for (auto& v : y) v -= mean;
  // Each point's sum of effects, kept as effects change: a sweep is linear in points and axes.
  std::vector<double> fitted(measured.size(), 0.0);
  for (int sweep = 0; sweep < 4; ++sweep) {
    for (std::size_t a = 0; a < axes; ++a) {
      std::vector<double> sum(space_.sizes[a], 0.0);
      std::vector<double> count(space_.sizes[a], 0.0);
      for (std::size_t i = 0; i < measured.size(); ++i) {
        const std::uint16_t v = space_.points[measured[i]][a];
        sum[v] += y[i] - (fitted[i] - effect_[a][v]);
        count[v] += 1;
      }
      for (std::size_t i = 0; i < measured.size(); ++i) {
        const std::uint16_t v = space_.points[measured[i]][a];
        fitted[i] += sum[v] / (count[v] + 1) - effect_[a][v];
      }
      for (std::size_t v = 0; v < space_.sizes[a]; ++v) effect_[a][v] = sum[v] / (count[v] + 1);
    }
  }
  fitted_on_ = measured.size();
}

void searcher::propose_by_model(std::size_t k, std::vector<std::size_t>& out) {
  // Only once the model is fitted on as many measured points as the axes have values: fitted on
  // fewer (the first batch's sample, at a budget of one or two batches), its picks lost to the descents'
  // on the measured stencil and transpose (docs/design/spaces.md, "A model for the last batch").
  std::size_t effects = 0;
  for (const std::size_t s : space_.sizes) effects += s;
  if (fitted_on_ < effects || k == 0) return;
  std::vector<std::pair<double, std::size_t>> ranked;
  for (std::size_t p = 0; p < seen_.size(); ++p)
    if (seen_[p] == seen::unseen) ranked.emplace_back(predicted(p), p);
  k = std::min(k, ranked.size());
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(k), ranked.end());
  for (std::size_t i = 0; i < k; ++i) take(ranked[i].second, out);
}

double searcher::predicted(std::size_t point) const {
  if (fitted_on_ == 0) return 0;
  double sum = 0;
  const auto& values = space_.points[point];
  for (std::size_t a = 0; a < values.size(); ++a) sum += effect_[a][values[a]];
  return sum;
}

bool searcher::start_descent() {
  // The best measured sample point that no better measured point lies near (better_nearby).
  std::vector<std::size_t> candidates;
  for (const std::size_t p : sampled_)
    if (seen_[p] == seen::known && !started_[p] && !on_path_[p] && cost_[p] != unknown_cost) candidates.push_back(p);
  std::sort(candidates.begin(), candidates.end(),
            [&](std::size_t a, std::size_t b) { return cost_[a] < cost_[b] || (cost_[a] == cost_[b] && a < b); });
  for (const std::size_t p : candidates) {
    started_[p] = true;  // started now, or passed over for good: what is measured only grows
    if (better_nearby(p, known_)) continue;
    on_path_[p] = true;
    path_.push_back(p);
    descents_.push_back({p});
    return true;
  }
  return false;
}

std::optional<std::size_t> searcher::kick() {
  // From the best local optimum found (ILS's "better" acceptance), else the best point.
  std::optional<std::size_t> base;
  for (const std::size_t o : optima_)
    if (!base || cost_[o] < cost_[*base] || (cost_[o] == cost_[*base] && o < *base)) base = o;
  if (!base) base = best_;
  if (!base) return std::nullopt;
  std::vector<std::size_t> movable;
  for (std::size_t a = 0; a < space_.sizes.size(); ++a)
    if (space_.sizes[a] > 1) movable.push_back(a);
  if (movable.empty()) return std::nullopt;
  // Two axes, then three, alternately: one would be a neighbour the descent already saw.
  const std::size_t strength = std::min(movable.size(), std::size_t{2} + (restarts_ / 2) % 2);
  for (int t = 0; t < kick_tries; ++t) {
    auto values = space_.points[*base];
    auto axes = movable;
    for (std::size_t i = 0; i < strength; ++i) {
      std::swap(axes[i], axes[i + draw_below(rng_, axes.size() - i)]);
      const std::size_t a = axes[i];
      auto v = static_cast<std::uint16_t>(draw_below(rng_, space_.sizes[a] - 1));
      if (v >= values[a]) ++v;
      values[a] = v;
    }
    const auto p = lookup(values);
    if (p && seen_[*p] == seen::unseen) return p;
  }
  return std::nullopt;
}

void searcher::propose_auto(std::size_t n, std::vector<std::size_t>& out) {
  while (out.size() < n && proposed_ < sample_rows_) {
    const auto p = far_sample(sample_candidates);
    if (!p) return;
    take(*p, out);
    sampled_.push_back(*p);
  }
  // Without a gain for this many rows and nothing left to descend, the search has converged.
  std::size_t moves = 0;
  for (const std::size_t s : space_.sizes) moves += s - 1;
  const std::size_t patience = std::max<std::size_t>(256, 16 * moves);
  fit_model();
  // The last batch: what the budget leaves fits in the room this batch has left.
  if (budget_left() <= n - out.size()) propose_by_model((n - out.size()) / 2, out);

  while (out.size() < n) {
    std::vector<descent> going;
    for (auto& d : descents_)
      if (advance(d)) going.push_back(d);
    descents_ = std::move(going);
    // The best descents fill the batch first; those still waiting on their start sort last.
    std::stable_sort(descents_.begin(), descents_.end(), [&](const descent& a, const descent& b) {
      return cost_[a.centre] < cost_[b.centre] || (cost_[a.centre] == cost_[b.centre] && a.centre < b.centre);
    });
    for (const auto& d : descents_) wanted_by(d, n, out);
    if (out.size() >= n) return;
    if (start_descent()) continue;
    if (proposed_ - proposed_at_last_gain_ >= patience) return;
    // No start left: a kick from the best optimum and a far sample by turns.
    const bool kicking = restarts_++ % 2 == 0;
    auto p = kicking ? kick() : far_sample(far_candidates);
    bool kicked = kicking && p;
    if (!p) {
      p = kicking ? far_sample(far_candidates) : kick();
      kicked = !kicking && p;
    }
    if (!p) return;
    take(*p, out);
    if (kicked) {
      on_path_[*p] = true;
      path_.push_back(*p);
      descents_.push_back({*p});
    } else {
      sampled_.push_back(*p);
    }
  }
}

}  // namespace tune::search
