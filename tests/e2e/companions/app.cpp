// Calls the family and its companion through the stamp and checks that the companion reports the
// row tune::status() says the family is stamped with (or, given one argument, that row instead:
// a companion with its own sidecar entry).
#include <tune/kernels/sumk.h>
#include <tune/status.h>

#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  std::string kernel_row;
  for (const auto& row : tune::status())
    if (row.name == "sumk") kernel_row = row.suffix;
  const std::string layout_row = "passes" + std::to_string(layout());
  const std::string expected = argc > 1 ? argv[1] : kernel_row;
  std::vector<float> a(1000, 1.0f);
  const float sum = sumk(a.data(), a.size());
  std::printf("kernel=%s layout=%s sum=%g\n", kernel_row.c_str(), layout_row.c_str(), sum);
  if (layout_row != expected) {
    std::printf("MISMATCH: layout() reports %s, expected %s\n", layout_row.c_str(), expected.c_str());
    return 1;
  }
  return sum == 1000.0f ? 0 : 1;
}
