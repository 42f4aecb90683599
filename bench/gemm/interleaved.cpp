#include "interleaved.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace gemm_bench {
namespace {

// Calls per batch so that one batch lasts about batch_ns: doubled until a batch takes a tenth of
// that, then scaled, so a slow kernel is not run for seconds to find out it is slow.
std::uint64_t calls_per_batch(sgemm_calls& fx, sgemm_fn entry, double batch_ns) {
  fx.time(entry, 1);  // warm caches and page tables
  std::uint64_t calls = 1;
  double elapsed = fx.time(entry, calls);
  while (elapsed < batch_ns / 10) {
    calls *= 2;
    elapsed = fx.time(entry, calls);
  }
  const double per_call = elapsed / static_cast<double>(calls);
  return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::llround(batch_ns / per_call)));
}

double quantile(const std::vector<double>& sorted_values, double q) {
  const double position = q * static_cast<double>(sorted_values.size() - 1);
  const auto below = static_cast<std::size_t>(position);
  const std::size_t above = std::min(below + 1, sorted_values.size() - 1);
  const double weight = position - static_cast<double>(below);
  return sorted_values[below] * (1 - weight) + sorted_values[above] * weight;
}

}  // namespace

std::vector<timing> measure_interleaved(sgemm_calls& fx, const std::vector<candidate>& candidates, int rounds,
                                        double batch_ms) {
  if (rounds < 1) throw std::invalid_argument("--rounds " + std::to_string(rounds) + ": need at least 1 round");
  if (!(batch_ms > 0)) throw std::invalid_argument("--batch-ms " + std::to_string(batch_ms) + ": must be positive");
  const double batch_ns = batch_ms * 1e6;
  const std::size_t n = candidates.size();

  std::vector<std::uint64_t> calls(n);
  for (std::size_t i = 0; i < n; ++i) calls[i] = calls_per_batch(fx, candidates[i].entry, batch_ns);

  std::vector<std::vector<double>> per_call(n);
  for (int round = 0; round < rounds; ++round)
    for (std::size_t slot = 0; slot < n; ++slot) {
      const std::size_t i = (slot + static_cast<std::size_t>(round)) % n;
      per_call[i].push_back(fx.time(candidates[i].entry, calls[i]) / static_cast<double>(calls[i]));
    }

  std::vector<timing> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::sort(per_call[i].begin(), per_call[i].end());
    out[i].median_ns = quantile(per_call[i], 0.5);
    out[i].spread = (quantile(per_call[i], 0.75) - quantile(per_call[i], 0.25)) / out[i].median_ns;
  }
  return out;
}

}  // namespace gemm_bench
