#include "harness/tolerance.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace tune::bench {

tolerance parse_tolerance(const std::string& text) {
  tolerance t;
  t.text = text;
  if (text == "exact") return t;
  const auto eq = text.find('=');
  const std::string key = text.substr(0, eq);
  if (eq != std::string::npos) {
    const std::string value = text.substr(eq + 1);
    std::size_t used = 0;
    try {
      t.bound = std::stod(value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == value.size() && used > 0 && t.bound >= 0) {
      if (key == "abs")
        t.how = tolerance::kind::abs;
      else if (key == "rel")
        t.how = tolerance::kind::rel;
      else if (key == "ulp")
        t.how = tolerance::kind::ulp;
      else
        used = 0;
      if (used) return t;
    }
  }
  throw std::invalid_argument(fmt::format("tolerance '{}' is not one of exact, abs=<x>, rel=<x>, ulp=<n>", text));
}

namespace {

// Distance in units in the last place, in the precision the kernel produced.
double ulp_distance(double a, double b, detail::element_kind kind) {
  if (a == b) return 0;
  if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<double>::infinity();
  if (kind == detail::element_kind::integer) return std::fabs(a - b);
  auto ordered = [](auto bits, auto sign_bit) {
    return (bits & sign_bit) ? -static_cast<long double>(bits & ~sign_bit) : static_cast<long double>(bits);
  };
  if (kind == detail::element_kind::f32) {
    const auto x = std::bit_cast<std::uint32_t>(static_cast<float>(a));
    const auto y = std::bit_cast<std::uint32_t>(static_cast<float>(b));
    return static_cast<double>(std::fabs(ordered(x, 0x80000000u) - ordered(y, 0x80000000u)));
  }
  const auto x = std::bit_cast<std::uint64_t>(a);
  const auto y = std::bit_cast<std::uint64_t>(b);
  return static_cast<double>(std::fabs(ordered(x, 0x8000000000000000ull) - ordered(y, 0x8000000000000000ull)));
}

bool same_value(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

}  // namespace

comparison compare(const detail::output& got, const detail::output& want, const tolerance& tol) {
  comparison c;
  if (got.values.size() != want.values.size() || got.kind != want.kind) {
    c.pass = false;
    c.size_mismatch =
        fmt::format("output has {} elements, the reference's has {}", got.values.size(), want.values.size());
    return c;
  }
  double scale = 0;
  for (double v : want.values) scale = std::max(scale, std::fabs(v));
  for (std::size_t i = 0; i < got.values.size(); ++i) {
    const double g = got.values[i], w = want.values[i];
    const double abs_err = same_value(g, w) ? 0 : std::fabs(g - w);
    const double rel_err = abs_err == 0 ? 0 : (scale > 0 ? abs_err / scale : std::numeric_limits<double>::infinity());
    const double ulp = ulp_distance(g, w, got.kind);
    c.worst_abs = std::max(c.worst_abs, std::isnan(abs_err) ? std::numeric_limits<double>::infinity() : abs_err);
    c.worst_rel = std::max(c.worst_rel, std::isnan(rel_err) ? std::numeric_limits<double>::infinity() : rel_err);
    c.worst_ulp = std::max(c.worst_ulp, ulp);
    bool ok = true;
    switch (tol.how) {
      case tolerance::kind::exact:
        ok = same_value(g, w);
        break;
      case tolerance::kind::abs:
        ok = abs_err <= tol.bound;
        break;
      case tolerance::kind::rel:
        ok = rel_err <= tol.bound;
        break;
      case tolerance::kind::ulp:
        ok = ulp <= tol.bound;
        break;
    }
    if (!ok && !c.first_bad) {
      c.first_bad = i;
      c.got = g;
      c.want = w;
    }
  }
  c.pass = !c.first_bad;
  return c;
}

std::string comparison::describe() const {
  if (!size_mismatch.empty()) return size_mismatch;
  std::string text = fmt::format("worst abs {:.3g}, rel {:.3g}, ulp {:.0f}", worst_abs, worst_rel, worst_ulp);
  if (first_bad) text += fmt::format("; first bad element {}: got {:.9g}, want {:.9g}", *first_bad, got, want);
  return text;
}

}  // namespace tune::bench
