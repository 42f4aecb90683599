#include "plan/validation.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <stdexcept>

#include "util/error_text.h"

namespace tune::plan {
namespace {

// Distance in representable values; sign-magnitude bit patterns mapped onto a monotonic line.
double ulp_distance(double a, double b, bool single) {
  if (std::isnan(a) || std::isnan(b)) return INFINITY;
  if (single) {
    const float fa = static_cast<float>(a), fb = static_cast<float>(b);
    std::int32_t ia, ib;
    std::memcpy(&ia, &fa, sizeof ia);
    std::memcpy(&ib, &fb, sizeof ib);
    const std::int64_t la = ia < 0 ? INT32_MIN - static_cast<std::int64_t>(ia) : ia;
    const std::int64_t lb = ib < 0 ? INT32_MIN - static_cast<std::int64_t>(ib) : ib;
    return std::fabs(static_cast<double>(la - lb));
  }
  std::int64_t ia, ib;
  std::memcpy(&ia, &a, sizeof ia);
  std::memcpy(&ib, &b, sizeof ib);
  const long double la = ia < 0 ? static_cast<long double>(INT64_MIN) - ia : ia;
  const long double lb = ib < 0 ? static_cast<long double>(INT64_MIN) - ib : ib;
  return static_cast<double>(std::fabs(la - lb));
}

std::string number(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

}  // namespace

std::string tolerance::text() const {
  const char* name = mode == kind::rel ? "rel" : mode == kind::abs ? "abs" : "ulp";
  return std::string(name) + "=" + number(value);
}

tolerance parse_tolerance(const std::string& text) {
  const auto eq = text.find('=');
  const std::string name = text.substr(0, eq);
  tolerance tol;
  if (name == "rel") {
    tol.mode = tolerance::kind::rel;
  } else if (name == "abs") {
    tol.mode = tolerance::kind::abs;
  } else if (name == "ulp") {
    tol.mode = tolerance::kind::ulp;
  } else {
    throw std::runtime_error("TOLERANCE '" + util::shown(text) + "' is not rel=<x>, abs=<x> or ulp=<n>");
  }
  const std::string value = eq == std::string::npos ? "" : text.substr(eq + 1);
  std::size_t used = 0;
  try {
    tol.value = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (value.empty() || used != value.size() || !(tol.value >= 0) || std::isinf(tol.value)) {
    throw std::runtime_error("TOLERANCE '" + util::shown(text) + "' needs a finite non-negative number after '" + name +
                             "='");
  }
  return tol;
}

tolerance default_tolerance(const std::string& result_type) {
  return {tolerance::kind::rel, result_type == "f32" ? 1e-4 : 1e-9};
}

deviation compare_output(const std::vector<double>& oracle, const std::vector<double>& candidate,
                         const std::string& result_type, const tolerance& tol) {
  deviation d;
  if (oracle.size() != candidate.size()) {
    d.reason =
        "output has " + std::to_string(candidate.size()) + " values, the oracle " + std::to_string(oracle.size());
    d.max_abs = d.max_rel = d.max_ulp = INFINITY;
    return d;
  }
  double scale = 0;
  for (double x : oracle) scale = std::fmax(scale, std::fabs(x));
  const bool single = result_type == "f32";
  for (std::size_t i = 0; i < oracle.size(); ++i) {
    const double diff = std::fabs(candidate[i] - oracle[i]);
    d.max_abs = std::isnan(diff) ? INFINITY : std::fmax(d.max_abs, diff);
    d.max_ulp = std::fmax(d.max_ulp, ulp_distance(oracle[i], candidate[i], single));
  }
  d.max_rel = scale > 0 ? d.max_abs / scale : (d.max_abs > 0 ? INFINITY : 0);
  const double measured = tol.mode == tolerance::kind::rel   ? d.max_rel
                          : tol.mode == tolerance::kind::abs ? d.max_abs
                                                             : d.max_ulp;
  d.within = measured <= tol.value;
  if (!d.within) {
    const char* name = tol.mode == tolerance::kind::rel   ? "relative"
                       : tol.mode == tolerance::kind::abs ? "absolute"
                                                          : "ulp";
    d.reason = std::string("output differs from the oracle: ") + name + " deviation " + number(measured) + " exceeds " +
               tol.text();
  }
  return d;
}

}  // namespace tune::plan
