#pragma once
// What a scope's generated bench registry declares: every family with its rows (name, entry
// point, requires=, reference flag), its fixture and its companions, erased to one interface the
// harness drives.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <tune/fixture.h>

namespace tune::bench {

// One family as the harness sees it, whatever its signature.
class family_driver {
 public:
  virtual ~family_driver() = default;
  virtual void setup() = 0;  // runs the fixture once: inputs, work, call
  virtual detail::output call(std::size_t row) = 0;
  virtual double time(std::size_t row, std::uint64_t reps) = 0;  // elapsed ns for reps calls
  // The same for the row's relocated copy at `placement` (1 to relocated_copies): its machine code
  // byte for byte at another address.
  virtual double time_relocated(std::size_t row, int placement, std::uint64_t reps) = 0;
  virtual double work() const = 0;
  virtual std::string work_unit() const = 0;
};

struct row_info {
  std::string suffix;
  std::string needs;  // requires= expression (ISA requirement included); empty: runs anywhere
  bool reference = false;
};

// A companion (COMPANIONS) of a family. Only one with the family's signature can be called by
// the family's fixture: make_driver is set for those (the fixture and its inputs over the
// companion's row symbols, grid order); any other is null and the companion follows the family.
struct companion_info {
  std::string name;
  std::string signature;          // "<ret>(<params>)" as declared
  std::unique_ptr<family_driver> (*make_driver)() = nullptr;
};

struct family_info {
  std::string name;
  std::string tolerance;          // exact | abs=x | rel=x | ulp=n
  std::vector<std::string> fallback;  // the chain, in order
  std::vector<row_info> rows;     // grid order
  std::unique_ptr<family_driver> (*make_driver)() = nullptr;
  std::vector<companion_info> companions;  // declaration order
};

// Families register themselves from the generated registry's static initializers.
void register_family(family_info info);
std::vector<family_info>& registered_families();

// How many relocated copies of every row the bench links (tune/isolate.cmake makes them; the
// generated registry checks it lists as many): the validation re-race's placements.
inline constexpr int relocated_copies = 3;

template <class Signature>
struct row_entry {
  const char* suffix;
  Signature* entry;
  // tune_relocated<k>__<entry>: the row's object copied, exports renamed, placement k at index k-1
  std::array<Signature*, relocated_copies> relocated;
  const char* needs;
  bool reference;
};

template <class Signature>
class typed_driver final : public family_driver {
 public:
  using fixture_fn = void (*)(fixture<Signature>&);
  using placements = std::array<Signature*, relocated_copies>;
  typed_driver(fixture_fn fn, std::vector<Signature*> entries, std::vector<placements> relocated, std::uint64_t seed)
      : fn_(fn), entries_(std::move(entries)), relocated_(std::move(relocated)), fx_(seed) {}

  void setup() override {
    fn_(fx_);
    if (!fx_.has_run())
      throw std::logic_error("the fixture never called fx.run(...): it must say how to call a kernel");
    fx_.memory().snapshot();
  }
  detail::output call(std::size_t row) override { return fx_.call_once(entries_.at(row)); }
  double time(std::size_t row, std::uint64_t reps) override { return fx_.time_calls(entries_.at(row), reps); }
  double time_relocated(std::size_t row, int placement, std::uint64_t reps) override {
    if (placement < 1 || placement > relocated_copies)
      throw std::out_of_range("relocated placement " + std::to_string(placement) + ": the bench links placements 1 to " +
                              std::to_string(relocated_copies));
    return fx_.time_calls(relocated_.at(row)[static_cast<std::size_t>(placement - 1)], reps);
  }
  double work() const override { return fx_.work_amount(); }
  std::string work_unit() const override { return fx_.work_unit(); }

 private:
  fixture_fn fn_;
  std::vector<Signature*> entries_;
  std::vector<placements> relocated_;
  fixture<Signature> fx_;
};

// Stable per-family seed: the same inputs for every row, every mint, every compiler.
inline std::uint64_t seed_for(const std::string& family) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char c : family) h = (h ^ c) * 1099511628211ull;
  return h;
}

template <class Signature, std::size_t N>
std::unique_ptr<family_driver> make_driver(void (*fixture_fn)(fixture<Signature>&),
                                           const row_entry<Signature> (&rows)[N], const char* family) {
  std::vector<Signature*> entries;
  std::vector<std::array<Signature*, relocated_copies>> relocated;
  for (const auto& r : rows) {
    entries.push_back(r.entry);
    relocated.push_back(r.relocated);
  }
  return std::make_unique<typed_driver<Signature>>(fixture_fn, std::move(entries), std::move(relocated),
                                                   seed_for(family));
}

template <class Signature, std::size_t N>
std::vector<row_info> rows_of(const row_entry<Signature> (&rows)[N]) {
  std::vector<row_info> out;
  for (const auto& r : rows) out.push_back({r.suffix, r.needs, r.reference});
  return out;
}

// A static object of the generated registry: registers one family before main().
struct registrar {
  explicit registrar(family_info info) { register_family(std::move(info)); }
};

}  // namespace tune::bench
