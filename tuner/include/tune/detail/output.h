#pragma once
// A kernel's output as the correctness gate compares it, and the sink that keeps a timed
// call's result from being optimized away. C++17.
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <vector>

namespace tune::detail {

enum class element_kind { f32, f64, integer };

struct output {
  std::vector<double> values;  // float and integer values convert to double exactly (integers up to 2^53)
  element_kind kind = element_kind::f64;
};

template <class T>
constexpr element_kind kind_of() {
  static_assert(std::is_arithmetic<T>::value, "fixture output elements must be arithmetic");
  if constexpr (std::is_same<T, float>::value)
    return element_kind::f32;
  else if constexpr (std::is_floating_point<T>::value)
    return element_kind::f64;
  else
    return element_kind::integer;
}

template <class T, class = void>
struct is_sequence : std::false_type {};
template <class T>
struct is_sequence<T, std::void_t<decltype(std::declval<const T&>().data()), decltype(std::declval<const T&>().size())>>
    : std::true_type {};

template <class T>
output capture(const T& value) {
  output out;
  if constexpr (std::is_arithmetic<T>::value) {
    out.kind = kind_of<T>();
    out.values.push_back(static_cast<double>(value));
  } else {
    static_assert(is_sequence<T>::value,
                  "fixture output must be a scalar or have data() and size() (buffer, std::vector, std::span)");
    using element = std::remove_cv_t<std::remove_reference_t<decltype(*value.data())>>;
    out.kind = kind_of<element>();
    const auto* p = value.data();
    out.values.assign(p, p + value.size());
  }
  return out;
}

// Forces `value` to be materialized, as if it were read, at no other cost.
template <class T>
inline void keep(const T& value) {
#if defined(__GNUC__) || defined(__clang__)
  asm volatile("" : : "r"(&value) : "memory");
#else
  static volatile const void* sink;
  sink = &value;
#endif
}

}  // namespace tune::detail
