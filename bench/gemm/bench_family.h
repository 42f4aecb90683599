#pragma once
// What the benchmark knows of one shape of the shipped sgemm family: its fixture, its stamp and
// every row.
#include <tune/fixture.h>

#include <cstddef>
#include <string>
#include <vector>

namespace gemm_bench {

using sgemm_signature = void(const float* a, const float* b, float* c, std::size_t m, std::size_t n, std::size_t k);
using sgemm_fn = sgemm_signature*;
using sgemm_fixture = tune::fixture<sgemm_signature>;
// How the benchmark calls kernels on a fixture's inputs, from inside its fx.run (tune/fixture.h).
using sgemm_calls = tune::detail::kernel_calls<sgemm_fn>;

struct bench_row {
  std::string suffix;
  sgemm_fn entry;
};

struct bench_family {
  std::string name;   // the seat, "sgemm@small"
  std::string shape;  // what the fixture's fx.shape() returns
  void (*fixture)(sgemm_fixture&);
  sgemm_fn stamp;  // the family's public name: the dispatcher to the rows this build stamped
  std::vector<bench_row> rows;
};

}  // namespace gemm_bench
