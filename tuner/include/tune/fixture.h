#pragma once
// The fixture API (spec: kernels.md "A fixture"): a fixture builds a family's inputs once, says
// how to call a kernel and returns what must match the reference row. The bench harness owns
// the memory, the timing loop and the comparison. C++17-compatible.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <tune/detail/arena.h>
#include <tune/detail/output.h>

namespace tune {

// A view of harness-owned, 64-byte aligned memory. Cheap to copy; lives as long as the bench.
template <class T>
class buffer {
 public:
  buffer(T* data, std::size_t size) : data_(data), size_(size) {}
  T* data() const { return data_; }
  std::size_t size() const { return size_; }
  T* begin() const { return data_; }
  T* end() const { return data_ + size_; }
  T& operator[](std::size_t i) const { return data_[i]; }

 private:
  T* data_;
  std::size_t size_;
};

// What every fixture has, whatever the signature.
class fixture_base {
 public:
  explicit fixture_base(std::uint64_t seed) : arena_(seed) {}

  // n values drawn from a generator seeded per family: floating point uniform in [-1, 1),
  // integers uniform in [-100, 100]. Every row sees the same inputs.
  template <class T>
  buffer<T> random(std::size_t n) {
    static_assert(std::is_arithmetic<T>::value, "fx.random<T>: T must be an arithmetic type");
    T* p = static_cast<T*>(arena_.allocate(n * sizeof(T)));
    arena_.fill_random(p, n);
    return buffer<T>(p, n);
  }

  // n zero-initialized values (outputs a kernel writes into).
  template <class T>
  buffer<T> zeros(std::size_t n) {
    static_assert(std::is_trivially_copyable<T>::value, "fx.zeros<T>: T must be trivially copyable");
    T* p = static_cast<T*>(arena_.allocate(n * sizeof(T)));
    std::memset(static_cast<void*>(p), 0, n * sizeof(T));
    return buffer<T>(p, n);
  }

  // The amount of work one call does ("flop", "byte", ...), so reports can show a rate.
  void work(double amount, const char* unit) {
    work_ = amount;
    work_unit_ = unit;
  }

  // Every buffer is restored to its initial content before each call, so an in-place kernel
  // is never timed on its own output. The restore is inside the timed window for every row alike.
  void fresh_inputs() { fresh_inputs_ = true; }

  double work_amount() const { return work_; }
  const std::string& work_unit() const { return work_unit_; }
  bool wants_fresh_inputs() const { return fresh_inputs_; }
  detail::arena& memory() { return arena_; }

 private:
  detail::arena arena_;
  double work_ = 0;
  std::string work_unit_;
  bool fresh_inputs_ = false;
};

template <class Signature>
class fixture;

template <class R, class... Args>
class fixture<R(Args...)> : public fixture_base {
 public:
  using kernel_type = R (*)(Args...);
  using fixture_base::fixture_base;

  // `call(kernel)` invokes the kernel on the fixture's inputs and returns its output
  // (a scalar, or anything with data() and size(): a buffer, a std::vector, a std::span...).
  template <class F>
  void run(F call) {
    using out_type = decltype(call(std::declval<kernel_type>()));
    static_assert(!std::is_void<out_type>::value,
                  "fx.run: the lambda must return the kernel's output (a scalar, or a buffer/span/container "
                  "of what it wrote) so it can be checked against the reference row");
    fixture_base* self = this;
    capture_ = [call, self](kernel_type k) {
      if (self->wants_fresh_inputs()) self->memory().restore();
      return detail::capture(call(k));
    };
    time_ = [call, self](kernel_type k, std::uint64_t reps) {
      const bool fresh = self->wants_fresh_inputs();
      const auto start = std::chrono::steady_clock::now();
      for (std::uint64_t i = 0; i < reps; ++i) {
        if (fresh) self->memory().restore();
        detail::keep(call(k));
      }
      const auto stop = std::chrono::steady_clock::now();
      return std::chrono::duration<double, std::nano>(stop - start).count();
    };
  }

  // Used by the harness.
  bool has_run() const { return static_cast<bool>(capture_); }
  detail::output call_once(kernel_type k) const { return capture_(k); }
  double time_calls(kernel_type k, std::uint64_t reps) const { return time_(k, reps); }

 private:
  std::function<detail::output(kernel_type)> capture_;
  std::function<double(kernel_type, std::uint64_t)> time_;
};

}  // namespace tune

// Defines the fixture of family `name`; `fx` is a tune::fixture<signature>&. The bench's generated
// registry defines TUNE_SIGNATURE_<name> from the family's SIGNATURE before including the fixture.
#define TUNE_FIXTURE(name, fx) \
  void tune_fixture__##name(::tune::fixture<TUNE_SIGNATURE_##name>& fx)
