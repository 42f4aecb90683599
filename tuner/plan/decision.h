#pragma once
// The paired decision. Candidates are confirmed against the baseline in alternating pairs
// (B C, C B, B C, ...) of fresh processes, with an independent baseline-vs-baseline (A/A) pair.
// With per-pair gain g = 1 - T_cand / T_base, a candidate wins only if
//   median(g) > max(MIN_GAIN, 2·MAD(g), 2·|A/A gain|)
// with at least 3 complete pairs and the A/A pair. Anything less is "no improvement established".
//
// The rule is evaluated on log ratios r = ln(T_base / T_cand), with g = 1 - e^-r, and every term is
// shown as a gain. A gain is capped at 100% while an A/A gain 1 - T2/T1 is unbounded below: a
// baseline whose processes differ by 3.8× gave |A/A| = 277% and blocked a candidate that won
// 8 of 8 pairs by 74%. On the log scale both sides are symmetric and unbounded alike, small
// differences are unchanged (r ≈ g), and "twice the A/A" means the square of its ratio.
// When budget allows more A/A pairs (the search runs them only when the A/A term alone blocks a
// decision), |A/A| is the median over them: one pair is a sample of one, and the candidate's side
// of the rule is a median too.
#include <optional>
#include <string>
#include <vector>

namespace tune::plan {

struct pair_sample {
  double base_s = 0;  // per-window objective of the baseline process of the pair
  double cand_s = 0;  // and of the candidate process
  double gain() const { return 1.0 - cand_s / base_s; }
  double log_ratio() const;  // ln(base_s / cand_s): positive when the candidate is faster
};

constexpr int min_pairs = 3;

// A log ratio as the gain it stands for, 1 - e^-r, and back.
double gain_of_log(double r);
double log_of_gain(double g);

struct decision {
  bool established = false;
  int complete_pairs = 0;
  double median_gain = 0;         // gain_of_log(median r)
  double mad_gain = 0;            // gain_of_log(MAD of r)
  std::optional<double> aa_gain;  // |A/A|: gain_of_log(median |r| over the A/A pairs)
  double threshold = 0;           // gain_of_log(max(log MIN_GAIN, 2·MAD r, 2·|A/A r|))
  std::string reason;             // one sentence with the numbers
};

double median(std::vector<double> values);
// Median absolute deviation from the median (unscaled).
double mad(const std::vector<double>& values);

// |A/A| as the decision uses it, as a gain: the median of |ln(T1/T2)| over the A/A pairs; nullopt
// without one.
std::optional<double> aa_noise(const std::vector<pair_sample>& aa_pairs);

decision decide(const std::vector<pair_sample>& pairs, const std::vector<pair_sample>& aa_pairs, double min_gain);

// True when the verdict failed only because of the A/A term: more A/A evidence could change it.
bool blocked_by_aa(const decision& d, double min_gain);

}  // namespace tune::plan
