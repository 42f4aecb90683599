// The fixture API as a kernel author uses it, without the build: a fixture with a known signature
// and a host standing in for the harness.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
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
void write_index(float* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<float>(i);
}

using sum_fixture = tune::fixture<float(const float*, std::size_t)>;
using sum_calls = tune::detail::kernel_calls<float (*)(const float*, std::size_t)>;
using scale_fixture = tune::fixture<void(float*, std::size_t)>;
using scale_calls = tune::detail::kernel_calls<void (*)(float*, std::size_t)>;

// A host that does nothing: for the tests of what a fixture allocates.
template <class Kernel>
void idle(tune::fixture_base&, tune::detail::kernel_calls<Kernel>&) {}
}  // namespace

TEST_CASE("inputs are 64-byte aligned, staggered across cache sets and never 4 KiB-aliased") {
  sum_fixture fx(42, idle<float (*)(const float*, std::size_t)>);
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
  const auto host = idle<float (*)(const float*, std::size_t)>;
  sum_fixture a(7, host), b(7, host), c(8, host);
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
  const auto bytes = a.random<unsigned char>(1000);
  int biggest = 0;
  for (unsigned char v : bytes) biggest = std::max(biggest, static_cast<int>(v));
  CHECK(biggest == 100);  // [0, 100]: an unsigned type never wraps a negative draw
  const auto flags = a.random<bool>(1000);
  int set = 0;
  for (bool v : flags) set += v;
  CHECK(set > 400);
  CHECK(set < 600);
}

TEST_CASE("the host runs inside fx.run: it captures the output, times calls and sees the work declared") {
  bool hosted = false;
  sum_fixture fx(1, [&](tune::fixture_base& base, sum_calls& calls) {
    hosted = true;
    CHECK(base.work_unit() == "add");
    CHECK(base.work_amount() == 64);
    const auto out = calls.call(&add_all, true);
    REQUIRE(out.values.size() == 1);
    CHECK(out.kind == tune::detail::element_kind::f32);
    CHECK(calls.time(&add_all, 10) > 0);
  });
  const auto a = fx.random<float>(64);
  fx.work(64, "add");
  CHECK_FALSE(fx.has_run());
  fx.run([=](auto kernel) { return kernel(a.data(), a.size()); });
  CHECK(hosted);
  CHECK(fx.has_run());
}

// The spec's own example captures the fixture body's locals by reference: every call the harness
// makes must happen while they are alive, which is only true inside fx.run.
TEST_CASE("a fixture that captures its locals by reference is called while they live") {
  std::vector<double> seen;
  scale_fixture fx(5, [&](tune::fixture_base&, scale_calls& calls) {
    for (int k = 0; k < 3; ++k) seen = calls.call(&write_index, k == 0).values;
    CHECK(calls.time(&write_index, 5) > 0);
  });
  [&fx] {
    std::vector<float> out(16, -1.0f);  // a std::vector the kernel writes, captured by reference
    std::array<std::size_t, 1> size{out.size()};
    struct {
      float scale = 1;
    } params;
    fx.run([&](auto kernel) {
      kernel(out.data(), size[0] * static_cast<std::size_t>(params.scale));
      return out;
    });
  }();
  REQUIRE(seen.size() == 16);
  CHECK(seen[15] == 15.0);
}

TEST_CASE("from_pristine and fresh_inputs put harness buffers back to their content at fx.run") {
  std::vector<std::vector<double>> outputs;
  scale_fixture stale(3, [&](tune::fixture_base&, scale_calls& calls) {
    outputs.push_back(calls.call(&scale_in_place, true).values);
    outputs.push_back(calls.call(&scale_in_place, false).values);  // on the first call's output
    outputs.push_back(calls.call(&scale_in_place, true).values);   // from the fixture's inputs again
  });
  auto a = stale.random<float>(16);
  const float first = a[0];
  stale.run([=](auto kernel) {
    kernel(a.data(), a.size());
    return a;
  });
  CHECK(outputs[0][0] == doctest::Approx(2 * first));
  CHECK(outputs[1][0] == doctest::Approx(4 * first));
  CHECK(outputs[2] == outputs[0]);

  outputs.clear();
  scale_fixture fresh(3, [&](tune::fixture_base&, scale_calls& calls) {
    outputs.push_back(calls.call(&scale_in_place, false).values);
    outputs.push_back(calls.call(&scale_in_place, false).values);
  });
  auto b = fresh.random<float>(16);
  fresh.fresh_inputs();
  fresh.run([=](auto kernel) {
    kernel(b.data(), b.size());
    return b;
  });
  CHECK(outputs[1] == outputs[0]);
}

TEST_CASE("fx.run says once how to call a kernel: a second call is refused") {
  int hosted = 0;
  sum_fixture fx(1, [&](tune::fixture_base&, sum_calls&) { ++hosted; });
  const auto a = fx.random<float>(4);
  fx.run([=](auto kernel) { return kernel(a.data(), a.size()); });
  CHECK_THROWS_WITH_AS(fx.run([=](auto kernel) { return kernel(a.data(), a.size()); }),
                       "fx.run was called a second time; a fixture says once how to call a kernel", std::logic_error);
  CHECK(hosted == 1);
}

TEST_CASE("fx.shape() names the shape the harness runs the body for, and is empty without SHAPES") {
  sum_fixture shaped(1, "large", idle<float (*)(const float*, std::size_t)>);
  CHECK(shaped.shape() == "large");
  sum_fixture plain(1, idle<float (*)(const float*, std::size_t)>);
  CHECK(plain.shape().empty());
}
