// The output is a std::vector the fixture owns, captured by reference and returned by value:
// alive for every call because every call happens inside fx.run.
#include <tune/fixture.h>

#include <vector>

TUNE_FIXTURE(scale, fx) {
  auto in = fx.random<float>(8192);
  std::vector<float> out(in.size());
  fx.run([&](auto kernel) {
    kernel(in.data(), out.data(), out.size());
    return out;
  });
}
