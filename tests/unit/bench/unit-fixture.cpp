// The fixture API as a kernel author uses it, without the build: a fixture with a known signature.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include <tune/fixture.h>

namespace {
float add_all(const float* a, std::size_t n) {
  float s = 0;
  for (std::size_t i = 0; i < n; ++i) s += a[i];
  return s;
}
void scale_in_place(float* a, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) a[i] *= 2;
}
}  // namespace

TEST_CASE("inputs are 64-byte aligned, staggered across cache sets and never 4 KiB-aliased") {
  tune::fixture<float(const float*, std::size_t)> fx(42);
  std::vector<std::uintptr_t> offsets;
  for (int i = 0; i < 8; ++i) {
    const auto b = fx.random<float>(1000);
    const auto p = reinterpret_cast<std::uintptr_t>(b.data());
    CHECK(p % 64 == 0);
    offsets.push_back(p % 4096);
  }
  for (std::size_t i = 1; i < offsets.size(); ++i) CHECK(offsets[i] != offsets[i - 1]);
}

TEST_CASE("inputs are deterministic per seed, in [-1, 1) for floats and [-100, 100] for integers") {
  tune::fixture<float(const float*, std::size_t)> a(7), b(7), c(8);
  const auto x = a.random<float>(256), y = b.random<float>(256), z = c.random<float>(256);
  bool differs = false;
  for (std::size_t i = 0; i < 256; ++i) {
    CHECK(x[i] == y[i]);
    CHECK(x[i] >= -1.0f);
    CHECK(x[i] < 1.0f);
    differs = differs || x[i] != z[i];
  }
  CHECK(differs);
  const auto ints = a.random<int>(1000);
  for (int v : ints) CHECK((v >= -100 && v <= 100));
}

TEST_CASE("run captures the output and times calls") {
  tune::fixture<float(const float*, std::size_t)> fx(1);
  const auto a = fx.random<float>(64);
  fx.work(64, "add");
  fx.run([=](auto kernel) { return kernel(a.data(), a.size()); });
  REQUIRE(fx.has_run());
  const auto out = fx.call_once(&add_all);
  REQUIRE(out.values.size() == 1);
  CHECK(out.kind == tune::detail::element_kind::f32);
  CHECK(out.values[0] == doctest::Approx(add_all(a.data(), a.size())));
  CHECK(fx.time_calls(&add_all, 10) > 0);
  CHECK(fx.work_unit() == "add");
}

TEST_CASE("fresh_inputs restores buffers before every call, so in-place kernels see the same input") {
  tune::fixture<void(float*, std::size_t)> fx(3);
  auto a = fx.random<float>(16);
  const float first = a[0];
  fx.fresh_inputs();
  fx.run([=](auto kernel) {
    kernel(a.data(), a.size());
    return a;
  });
  fx.memory().snapshot();
  const auto once = fx.call_once(&scale_in_place);
  const auto twice = fx.call_once(&scale_in_place);
  CHECK(once.values[0] == doctest::Approx(2 * first));
  CHECK(twice.values == once.values);
}
