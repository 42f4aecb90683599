#include "table.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace gemm_bench {

void print_table(const std::string& title, const std::vector<table_line>& lines, const std::string& baseline) {
  const auto base = std::find_if(lines.begin(), lines.end(), [&](const table_line& l) { return l.kernel == baseline; });
  if (base == lines.end() || !base->gflops)
    throw std::logic_error("print_table: the baseline '" + baseline + "' has no measured line");
  std::size_t width = 6;
  for (const auto& l : lines) width = std::max(width, l.kernel.size());
  const int w = static_cast<int>(width);

  std::printf("\n%s\n", title.c_str());
  std::printf("  %-*s %9s %8s %8s %12s\n", w, "kernel", "GFLOP/s", "ratio", "spread", "max |diff|");
  for (const auto& l : lines) {
    if (!l.gflops) {
      std::printf("  %-*s %9s %8s %8s %12s  %s\n", w, l.kernel.c_str(), "-", "-", "-", "-", l.note.c_str());
      continue;
    }
    std::printf("  %-*s %9.2f %7.2fx %7.1f%%", w, l.kernel.c_str(), *l.gflops, *l.gflops / *base->gflops,
                100 * l.spread);
    if (l.max_difference)
      std::printf(" %12.2e", *l.max_difference);
    else
      std::printf(" %12s", "-");
    std::printf("  %s\n", l.note.c_str());
  }
}

}  // namespace gemm_bench
