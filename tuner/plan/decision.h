#pragma once
// The paired decision. Candidates are confirmed against the baseline in alternating pairs
// (B C, C B, B C, ...) of fresh processes, with an independent baseline-vs-baseline (A/A) pair.
// With per-pair gain g = 1 - T_cand / T_base, a candidate wins only if
//   median(g) > max(MIN_GAIN, 2·MAD(g), 2·|A/A gain|)
// with at least 3 complete pairs and the A/A pair. Anything less is "no improvement established".
// When budget allows more A/A pairs (the search runs them only when the A/A term alone blocks a
// decision), |A/A gain| is the median over them: one pair is a sample of one, and the candidate's
// side of the rule is a median too.
#include <optional>
#include <string>
#include <vector>

namespace tune::plan {

struct pair_sample {
  double base_s = 0;  // per-window objective of the baseline process of the pair
  double cand_s = 0;  // and of the candidate process
  double gain() const { return 1.0 - cand_s / base_s; }
};

constexpr int min_pairs = 3;

struct decision {
  bool established = false;
  int complete_pairs = 0;
  double median_gain = 0;
  double mad_gain = 0;
  std::optional<double> aa_gain;  // |A/A gain|: the median over the A/A pairs
  double threshold = 0;  // max(MIN_GAIN, 2·MAD, 2·|A/A|)
  std::string reason;    // one sentence with the numbers
};

double median(std::vector<double> values);
// Median absolute deviation from the median (unscaled).
double mad(const std::vector<double>& values);

// |A/A gain| as the decision uses it: the median of |gain| over the A/A pairs; nullopt without one.
std::optional<double> aa_noise(const std::vector<pair_sample>& aa_pairs);

decision decide(const std::vector<pair_sample>& pairs, const std::vector<pair_sample>& aa_pairs, double min_gain);

// True when the verdict failed only because of the A/A term: more A/A evidence could change it.
bool blocked_by_aa(const decision& d, double min_gain);

}  // namespace tune::plan
