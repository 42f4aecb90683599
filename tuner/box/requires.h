#pragma once
// `requires=` expressions: a ','-separated AND of '|'-separated OR alternatives, e.g.
// `avx2,fma|avx512f`. Whitespace around names is ignored. An empty expression always holds.
#include <string>
#include <vector>

#include "box/features.h"

namespace tune::box {

struct requirement {
  std::vector<std::vector<std::string>> all_of;  // each inner list: any_of
  std::string text;                              // the expression as written
};

// Throws std::invalid_argument naming the unknown feature (with the known list) or the empty
// alternative.
requirement parse_requires(const std::string& expr);

bool holds(const requirement& r, const feature_set& features);

// Why `r` fails on `features`, one clause per failing group joined by "; ":
// "requires avx512f: not on this box", "requires avx512f|avx2: neither on this box",
// "requires a|b|c: none on this box". Throws std::logic_error when `r` holds.
std::string why_not(const requirement& r, const feature_set& features);

}  // namespace tune::box
