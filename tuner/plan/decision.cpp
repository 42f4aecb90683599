#include "plan/decision.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tune::plan {
namespace {

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f%%", fraction * 100.0);
  return text;
}

}  // namespace

double median(std::vector<double> values) {
  if (values.empty()) return NAN;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : 0.5 * (values[mid - 1] + values[mid]);
}

double mad(const std::vector<double>& values) {
  const double m = median(values);
  std::vector<double> deviations;
  for (double v : values) deviations.push_back(std::fabs(v - m));
  return median(deviations);
}

std::optional<double> aa_noise(const std::vector<pair_sample>& aa_pairs) {
  if (aa_pairs.empty()) return std::nullopt;
  std::vector<double> gains;
  for (const auto& p : aa_pairs) gains.push_back(std::fabs(p.gain()));
  return median(gains);
}

decision decide(const std::vector<pair_sample>& pairs, const std::vector<pair_sample>& aa_pairs, double min_gain) {
  decision d;
  d.complete_pairs = static_cast<int>(pairs.size());
  std::vector<double> gains;
  for (const auto& p : pairs) gains.push_back(p.gain());
  if (!gains.empty()) {
    d.median_gain = median(gains);
    d.mad_gain = mad(gains);
  }
  d.aa_gain = aa_noise(aa_pairs);
  d.threshold = std::max({min_gain, 2 * d.mad_gain, d.aa_gain ? 2 * *d.aa_gain : 0.0});
  if (d.complete_pairs < min_pairs) {
    d.reason = "no improvement established: " + std::to_string(d.complete_pairs) +
               " complete pairs, at least " + std::to_string(min_pairs) + " needed";
    return d;
  }
  if (!d.aa_gain) {
    d.reason = "no improvement established: the A/A pair is missing";
    return d;
  }
  const std::string aa_text = aa_pairs.size() == 1 ? "" : " over " + std::to_string(aa_pairs.size()) + " A/A pairs";
  const std::string numbers = "median gain " + percent(d.median_gain) + " vs threshold " + percent(d.threshold) +
                              " (MIN_GAIN " + percent(min_gain) + ", 2·MAD " + percent(2 * d.mad_gain) +
                              ", 2·|A/A| " + percent(2 * *d.aa_gain) + aa_text + ") over " +
                              std::to_string(d.complete_pairs) + " pairs";
  d.established = d.median_gain > d.threshold;
  d.reason = (d.established ? "improvement established: " : "no improvement established: ") + numbers;
  return d;
}

bool blocked_by_aa(const decision& d, double min_gain) {
  return !d.established && d.complete_pairs >= min_pairs && d.aa_gain &&
         d.median_gain > std::max(min_gain, 2 * d.mad_gain);
}

}  // namespace tune::plan
