#pragma once
// The fixed noise-probe kernel (docs/measurement.md rule 9): a 4-accumulator float dot product over
// 4096 floats. It is the same work on every box and in every mint, so its spread measures the
// machine, not the code. The bench's timer times it through race::timer::time_probe.

namespace tune::measure {

inline constexpr int probe_kernel_length = 4096;

// One call of the probe kernel; returns the dot product. The result is also stored to a
// volatile sink, so no caller's optimizer can drop a call whose value it ignores.
double probe_kernel_once();

}  // namespace tune::measure
