#pragma once
// The sign test on paired ratios (docs/measurement.md rule 6). It assumes nothing about the noise's
// shape, only that a round's ratio is as likely above its median as below: a shared box's
// outliers and level shifts move single rounds, not the sign count.
#include <cstddef>
#include <optional>
#include <vector>

namespace tune::race {

// Per-test level when `comparisons` tests share the family-wise level `alpha` (Bonferroni).
// Throws std::invalid_argument when comparisons == 0 or alpha is outside (0, 1).
double bonferroni(double alpha, std::size_t comparisons);

// 1-based rank j of the order statistic that is a lower confidence bound for the median of
// `n` values at one-sided level `alpha`: the largest j with P(Bin(n, 1/2) <= j - 1) <= alpha,
// so P(median < x_(j)) <= alpha. nullopt when n is too small (2^-n > alpha).
std::optional<std::size_t> sign_test_rank(std::size_t n, double alpha);

// The lower bound itself: the sign_test_rank-th smallest of `values`. nullopt when there are
// too few values for any bound at this level.
std::optional<double> sign_test_lower_bound(std::vector<double> values, double alpha);

// The mirror image: the sign_test_rank-th largest of `values`, an upper confidence bound for
// their median at one-sided level `alpha`. nullopt when there are too few values.
std::optional<double> sign_test_upper_bound(std::vector<double> values, double alpha);

}  // namespace tune::race
