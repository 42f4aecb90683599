#include "search/planted.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>

namespace tune::search::planted {

namespace {

using values = std::vector<std::uint16_t>;
constexpr double fails = std::numeric_limits<double>::infinity();

// The grid of `sizes` in the order AXES expands it (first axis outermost), less what `allowed`
// rules out, each point costed by `cost`.
landscape build(std::string name, std::vector<std::size_t> sizes, double noise_cv,
                const std::function<bool(const values&)>& allowed, const std::function<double(const values&)>& cost) {
  landscape l;
  l.name = std::move(name);
  l.noise_cv = noise_cv;
  // Appended, not "A" + std::to_string(a): GCC 12 at -O3 warns falsely (-Wrestrict) on that.
  for (std::size_t a = 0; a < sizes.size(); ++a) l.points.axes.push_back(std::string("A").append(std::to_string(a)));
  l.points.sizes = sizes;
  values v(sizes.size(), 0);
  for (;;) {
    if (allowed(v)) {
      l.points.points.push_back(v);
      l.cost.push_back(cost(v));
      if (l.cost.back() < l.cost[l.optimum]) l.optimum = l.cost.size() - 1;
    }
    std::size_t a = sizes.size();
    while (a > 0 && ++v[a - 1] == sizes[a - 1]) v[--a] = 0;
    if (a == 0) break;
  }
  return l;
}

double squared_distance(const values& v, const values& centre) {
  double d = 0;
  for (std::size_t a = 0; a < v.size(); ++a) d += (double(v[a]) - centre[a]) * (double(v[a]) - centre[a]);
  return d;
}

// A uniform double in [0, 1) from the top 53 bits, the same on every standard library.
double unit(std::mt19937_64& rng) { return double(rng() >> 11) * 0x1.0p-53; }

// splitmix64: a fixed pseudo-random cost per point, independent of the measurement noise.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

const auto everything = [](const values&) { return true; };

}  // namespace

landscape smooth_bowl() {
  const values centre{6, 3, 7};
  return build("smooth-3x10", {10, 10, 10}, 0.03, everything, [&](const values& v) {
    const double interaction = (double(v[0]) - centre[0]) * (double(v[1]) - centre[1]);
    return 1.0 + 0.02 * squared_distance(v, centre) + 0.01 * interaction;
  });
}

landscape deceptive() {
  const values optimum{4, 1, 5, 2, 3};
  const values decoy{1, 4, 1, 4, 0};
  return build(
      "deceptive-5x6", {6, 6, 6, 6, 6}, 0.03,
      [](const values& v) { return v[0] + v[1] < 8 && !(v[3] == 5 && v[4] == 0) && !(v[2] == 3 && v[3] == 0); },
      [&](const values& v) {
        if (v[2] == 0 && v[4] == 5) return fails;
        const double valley = 1.0 + 0.2 * squared_distance(v, optimum);
        const double basin = 1.3 * (1.0 + 0.015 * squared_distance(v, decoy));
        return std::min(valley, basin);
      });
}

landscape plateau() {
  const values centre{6, 5, 2, 7};
  return build("plateau-4x8", {8, 8, 8, 8}, 0.05, everything, [&](const values& v) {
    if (v[0] < 4) return 1.4;
    return std::min(1.4, 1.0 + 0.01 * squared_distance(v, centre));
  });
}

landscape needle() {
  const values needle_at{5, 2, 6, 1};
  std::uint64_t n = 0;
  return build("needle-4x8", {8, 8, 8, 8}, 0.03, everything, [&](const values& v) {
    const double spread = double(mix(n++) >> 11) * 0x1.0p-53;
    return v == needle_at ? 1.0 : 1.5 + spread;
  });
}

std::optional<double> measure(const landscape& l, std::size_t point, std::mt19937_64& noise) {
  if (l.cost[point] == fails) return std::nullopt;
  // Box-Muller on our own uniforms: std::normal_distribution differs between standard libraries.
  const double z = std::sqrt(-2.0 * std::log(1.0 - unit(noise))) * std::cos(2.0 * std::numbers::pi * unit(noise));
  const double sigma = std::sqrt(std::log(1.0 + l.noise_cv * l.noise_cv));
  return l.cost[point] * std::exp(sigma * z);
}

outcome run(const landscape& l, const settings& how, std::size_t batch, std::uint64_t noise_seed) {
  searcher s(l.points, how);
  std::mt19937_64 noise(noise_seed);
  for (auto proposal = s.propose(batch); !proposal.empty(); proposal = s.propose(batch))
    for (const std::size_t p : proposal) s.tell(p, measure(l, p, noise));
  outcome o;
  o.seat = s.best();
  if (o.seat) o.q = l.cost[l.optimum] / l.cost[*o.seat];
  o.proposed = s.proposed();
  o.stopped = s.stopped_because();
  return o;
}

}  // namespace tune::search::planted
