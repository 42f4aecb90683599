#pragma once
// Side-by-side timing of several kernels on one fixture.
#include <string>
#include <vector>

#include "bench_family.h"

namespace gemm_bench {

struct candidate {
  std::string name;
  sgemm_fn entry;
};

struct timing {
  double median_ns = 0;  // one call
  double spread = 0;     // interquartile range over rounds, as a fraction of the median
};

// Times every candidate once per round, each round in a rotated order, so the machine's slow drifts
// (clock, neighbours' load) touch all candidates alike and none always runs first or last. Each
// timed batch repeats the call for about `batch_ms`, well above the clock's resolution; the median
// over rounds ignores the bursts a shared machine adds.
std::vector<timing> measure_interleaved(sgemm_calls& fx, const std::vector<candidate>& candidates, int rounds,
                                        double batch_ms);

}  // namespace gemm_bench
