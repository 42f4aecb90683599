#pragma once
// The per-shape result table.
#include <optional>
#include <string>
#include <vector>

namespace gemm_bench {

struct table_line {
  std::string kernel;
  std::optional<double> gflops;          // empty: not measured (see note)
  double spread = 0;                     // interquartile range / median
  std::optional<double> max_difference;  // largest |c − c_reference|
  std::string note;
};

// Prints `lines` under `title`, each rate also as a ratio to the line named `baseline`.
void print_table(const std::string& title, const std::vector<table_line>& lines, const std::string& baseline);

}  // namespace gemm_bench
