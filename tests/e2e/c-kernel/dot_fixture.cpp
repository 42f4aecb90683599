// The spec's fixture example (docs/fixtures.md "A fixture"), word for word.
#include <tune/fixture.h>

TUNE_FIXTURE(dot, fx) {             // fx is tune::fixture<float(const float*, const float*, std::size_t)>&
  auto a = fx.random<float>(4096);  // deterministic seed; aligned; staggered base addresses
  auto b = fx.random<float>(4096);
  fx.work(2.0 * 4096, "flop");  // optional: lets reports show GFLOP/s
  fx.run([&](auto kernel) { return kernel(a.data(), b.data(), a.size()); });
}
