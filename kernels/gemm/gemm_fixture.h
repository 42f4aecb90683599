#pragma once
// The sgemm fixture's inputs and call, at one size (fixture.cpp picks it by shape).
#include <tune/fixture.h>

#include <cstddef>

namespace shipped_kernels {

// c starts as noise rather than zeros, so a kernel that accumulates into c instead of
// overwriting it fails the check against the reference.
template <class Fixture>
void sgemm_fixture(Fixture& fx, std::size_t m, std::size_t n, std::size_t k) {
  auto a = fx.template random<float>(m * k);
  auto b = fx.template random<float>(k * n);
  auto c = fx.template random<float>(m * n);
  fx.work(2.0 * static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k), "flop");
  fx.run([=](auto kernel) {
    kernel(a.data(), b.data(), c.data(), m, n, k);
    return c;
  });
}

}  // namespace shipped_kernels
