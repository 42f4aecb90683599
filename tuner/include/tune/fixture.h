#pragma once
// The fixture API (docs/fixtures.md): a fixture builds a family's inputs once, says how to call a
// kernel and returns what must match the reference row. The bench harness owns the memory, the
// timing loop and the comparison, and does all of it from inside fx.run. C++17-compatible.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>
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
  // `shape`: the shape this run of the fixture body is for (SHAPES), empty for a family without.
  explicit fixture_base(std::uint64_t seed, std::string shape = std::string())
      : arena_(seed), shape_(std::move(shape)) {}

  // The name of the shape whose inputs the body builds: the family runs its fixture once per shape
  // of its SHAPES, each run racing that shape's seat. Empty for a family without SHAPES.
  const std::string& shape() const { return shape_; }

  // n values drawn from a generator seeded per family: floating point uniform in [-1, 1), signed
  // integers uniform in [-100, 100], unsigned ones in [0, 100], bool false or true. Every row sees
  // the same inputs.
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

  // Every harness buffer is put back to its content at fx.run before each call, so an in-place
  // kernel is never timed on its own output. The restore is inside the timed window for every row
  // alike. Memory the fixture owns itself (a std::vector) is not restored.
  void fresh_inputs() { fresh_inputs_ = true; }

  double work_amount() const { return work_; }
  const std::string& work_unit() const { return work_unit_; }
  bool wants_fresh_inputs() const { return fresh_inputs_; }
  detail::arena& memory() { return arena_; }

 private:
  detail::arena arena_;
  std::string shape_;
  double work_ = 0;
  std::string work_unit_;
  bool fresh_inputs_ = false;
};

namespace detail {

// The harness's side of fx.run (tuner/harness/): a way to call a kernel on the fixture's inputs,
// valid only while fx.run is on the stack, i.e. while everything the fixture body made is alive.
template <class Kernel>
class kernel_calls {
 public:
  // One call of `k`; returns its output. The harness buffers are put back to their content at
  // fx.run first when `from_pristine` is set (the gate starts every row from the same inputs) or
  // when the fixture asked for fresh inputs.
  virtual output call(Kernel k, bool from_pristine) = 0;
  // `reps` calls of `k` back to back; elapsed nanoseconds.
  virtual double time(Kernel k, std::uint64_t reps) = 0;

 protected:
  ~kernel_calls() = default;
};

// What the harness does with a family: called once, from inside fx.run, with the fixture.
template <class Kernel>
using fixture_host = std::function<void(fixture_base&, kernel_calls<Kernel>&)>;

}  // namespace detail

template <class Signature>
class fixture;

template <class R, class... Args>
class fixture<R(Args...)> : public fixture_base {
 public:
  using kernel_type = R (*)(Args...);

  // The harness constructs the fixture with what it does while fx.run is live.
  fixture(std::uint64_t seed, std::string shape, detail::fixture_host<kernel_type> host)
      : fixture_base(seed, std::move(shape)), host_(std::move(host)) {}
  // A family without SHAPES: fx.shape() is empty.
  fixture(std::uint64_t seed, detail::fixture_host<kernel_type> host) : fixture(seed, std::string(), std::move(host)) {}

  // `call(kernel)` invokes the kernel on the fixture's inputs and returns its output (a scalar,
  // or anything with data() and size(): a buffer, a std::vector, a std::span...). Every call the
  // harness makes of the family's rows happens inside run, so `call` may capture the fixture
  // body's locals by reference.
  template <class F>
  void run(F&& call) {
    using out_type = decltype(call(std::declval<kernel_type>()));
    static_assert(!std::is_void<out_type>::value,
                  "fx.run: the lambda must return the kernel's output (a scalar, or a buffer/span/container "
                  "of what it wrote) so it can be checked against the reference row");
    if (ran_) throw std::logic_error("fx.run was called a second time; a fixture says once how to call a kernel");
    ran_ = true;
    memory().snapshot();
    calls_of<std::remove_reference_t<F>> calls(call, *this);
    host_(*this, calls);
  }

  bool has_run() const { return ran_; }

 private:
  template <class F>
  class calls_of final : public detail::kernel_calls<kernel_type> {
   public:
    calls_of(F& call, fixture& fx) : call_(call), fx_(fx) {}
    detail::output call(kernel_type k, bool from_pristine) override {
      if (from_pristine || fx_.wants_fresh_inputs()) fx_.memory().restore();
      return detail::capture(call_(k));
    }
    double time(kernel_type k, std::uint64_t reps) override {
      const bool fresh = fx_.wants_fresh_inputs();
      const auto start = std::chrono::steady_clock::now();
      for (std::uint64_t i = 0; i < reps; ++i) {
        if (fresh) fx_.memory().restore();
        detail::keep(call_(k));
      }
      const auto stop = std::chrono::steady_clock::now();
      return std::chrono::duration<double, std::nano>(stop - start).count();
    }

   private:
    F& call_;
    fixture& fx_;
  };

  detail::fixture_host<kernel_type> host_;
  bool ran_ = false;
};

}  // namespace tune

// Defines the fixture of family `name`; `fx` is a tune::fixture<signature>&. The bench's generated
// registry defines TUNE_SIGNATURE_<name> from the family's SIGNATURE before including the fixture.
#define TUNE_FIXTURE(name, fx) void tune_fixture__##name(::tune::fixture<TUNE_SIGNATURE_##name>& fx)
