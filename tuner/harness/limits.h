#pragma once
// How long a supervised family's child may take before it is killed (docs/fixtures.md, "Time
// limits"). Generous on purpose: a limit exists to stop a row that hangs, never to judge a slow one.
#include <algorithm>
#include <cstdint>

namespace tune::bench {

// Calls per row at the gate (gate.h): a row right only on its first call, or one that keeps state
// between calls, is caught by the second or third.
inline constexpr int gate_calls = 3;

struct call_limits {
  // The fixture body up to fx.run: building inputs can be slow, never endless.
  double setup_s = 120;
  // One call of the reference row at the gate, before anything is known of its speed.
  double reference_call_s = 60;
  // One call of any other row: TIMEOUT, else 20x the reference's median gate call, at least 2 s.
  double call_s = 60;

  // A timed window of `reps` calls of a row whose gate calls took `row_call_s` each.
  double window_s(double row_call_s, std::uint64_t reps) const {
    return call_s + 20 * row_call_s * static_cast<double>(reps);
  }
};

// `timeout_s` is the family's TIMEOUT (0: none); `reference_call_s` the reference's median gate
// call once it is known.
inline call_limits limits_before_reference(double timeout_s) {
  call_limits l;
  if (timeout_s > 0) l.reference_call_s = l.call_s = timeout_s;
  return l;
}

inline call_limits limits_after_reference(double timeout_s, double reference_call_s) {
  call_limits l = limits_before_reference(timeout_s);
  if (timeout_s <= 0) l.call_s = std::max(2.0, 20 * reference_call_s);
  return l;
}

}  // namespace tune::bench
