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

std::optional<double> aa_log_noise(const std::vector<pair_sample>& aa_pairs) {
  if (aa_pairs.empty()) return std::nullopt;
  std::vector<double> spreads;
  for (const auto& p : aa_pairs) spreads.push_back(std::fabs(p.log_ratio()));
  return median(spreads);
}

}  // namespace

double pair_sample::log_ratio() const { return std::log(base_s / cand_s); }

double gain_of_log(double r) { return -std::expm1(-r); }
double log_of_gain(double g) { return -std::log1p(-g); }

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
  const auto r = aa_log_noise(aa_pairs);
  if (!r) return std::nullopt;
  return gain_of_log(*r);
}

decision decide(const std::vector<pair_sample>& pairs, const std::vector<pair_sample>& aa_pairs, double min_gain) {
  decision d;
  d.complete_pairs = static_cast<int>(pairs.size());
  std::vector<double> ratios;
  for (const auto& p : pairs) ratios.push_back(p.log_ratio());
  double median_r = 0, mad_r = 0;
  if (!ratios.empty()) {
    median_r = median(ratios);
    mad_r = mad(ratios);
  }
  const auto aa_r = aa_log_noise(aa_pairs);
  const double threshold_r = std::max({log_of_gain(min_gain), 2 * mad_r, aa_r ? 2 * *aa_r : 0.0});
  d.median_gain = gain_of_log(median_r);
  d.mad_gain = gain_of_log(mad_r);
  if (aa_r) d.aa_gain = gain_of_log(*aa_r);
  d.threshold = gain_of_log(threshold_r);
  if (d.complete_pairs < min_pairs) {
    d.reason = "no improvement established: " + std::to_string(d.complete_pairs) + " complete pairs, at least " +
               std::to_string(min_pairs) + " needed";
    return d;
  }
  if (!aa_r) {
    d.reason = "no improvement established: the A/A pair is missing";
    return d;
  }
  const std::string aa_text = aa_pairs.size() == 1 ? "" : " over " + std::to_string(aa_pairs.size()) + " A/A pairs";
  const std::string numbers = "median gain " + percent(d.median_gain) + " vs threshold " + percent(d.threshold) +
                              " (MIN_GAIN " + percent(min_gain) + ", 2·MAD " + percent(gain_of_log(2 * mad_r)) +
                              ", 2·|A/A| " + percent(gain_of_log(2 * *aa_r)) + aa_text + ") over " +
                              std::to_string(d.complete_pairs) + " pairs";
  d.established = median_r > threshold_r;
  d.reason = (d.established ? "improvement established: " : "no improvement established: ") + numbers;
  return d;
}

bool blocked_by_aa(const decision& d, double min_gain) {
  if (d.established || d.complete_pairs < min_pairs || !d.aa_gain) return false;
  const double median_r = log_of_gain(d.median_gain);
  return median_r > std::max(log_of_gain(min_gain), 2 * log_of_gain(d.mad_gain));
}

}  // namespace tune::plan
