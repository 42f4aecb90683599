#pragma once
// The rows the real-machine benchmark races: copies of one dot product, byte-identical machine
// code, each compiled in its own translation unit (dot.cpp.in) so each sits at its own address.
// A row's work is the number of elements it multiplies; a planted row multiplies fewer.
//
// Two sets of copies: `packed` at the compiler's default function alignment (16 bytes), so the
// hot loop of each copy sits at a different offset within a 64-byte line, and `aligned`, built
// with -falign-functions=64, so every copy's loop sits at the same offset. Same bytes either way.
#include <cstddef>
#include <string>
#include <vector>

namespace tune::race_real {

using dot_fn = float (*)(const float* a, const float* b, std::size_t n);

enum class placement { packed, aligned };

// Copies 0..raced_copies-1 are the rows families race; copy k + p * raced_copies is copy k at
// relocated placement p (1 to relocated_placements): the same bytes at another address, timed only
// by the relocated re-races.
inline constexpr std::size_t raced_copies = 12;
inline constexpr int relocated_placements = 5;

// Throws std::invalid_argument for a name other than "packed" or "aligned".
placement placement_named(const std::string& name);

// Every copy of one set ((1 + relocated_placements) x raced_copies): copy k is `race_real_<set>_dot_k`.
const std::vector<dot_fn>& identical_dots(placement set);

}  // namespace tune::race_real
