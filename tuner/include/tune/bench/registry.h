#pragma once
// What a scope's generated bench registry declares: every family with its rows (name, entry
// point, requires=, reference flag), its fixture and its companions, erased to one interface the
// harness drives. The harness calls a family's rows only from inside the family's fx.run
// (tune/fixture.h), in a supervised child process per family (tuner/harness/supervised.h).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <tune/fixture.h>

namespace tune::bench {

// How many relocated copies of every row the bench links (tuner/isolate/isolate.h makes them; the
// generated registry checks it lists as many): the validation re-race's placements.
inline constexpr int relocated_copies = 3;

// One family's kernels as the harness calls them while the family's fixture is live. Table 0 is
// the family's rows; table k (from 1) the rows of its k-th companion with the family's signature;
// rows in grid order. Placement 0 is the row itself, 1 to relocated_copies its relocated copy
// there: its machine code byte for byte at another address.
class row_calls {
 public:
  virtual detail::output call(std::size_t table, std::size_t row, bool from_pristine) = 0;
  virtual double time(std::size_t table, std::size_t row, int placement, std::uint64_t reps) = 0;  // elapsed ns
  virtual double work() const = 0;
  virtual std::string work_unit() const = 0;
  virtual bool fresh_inputs() const = 0;

 protected:
  ~row_calls() = default;
};

// One family as the harness sees it, whatever its signature.
class family_driver {
 public:
  virtual ~family_driver() = default;
  // Runs the family's fixture; `work` runs inside its fx.run, so every call it makes sees the
  // fixture body's locals alive. Throws what the fixture throws, and std::logic_error when the
  // fixture returns without calling fx.run.
  virtual void run(const std::function<void(row_calls&)>& work) = 0;
};

struct row_info {
  std::string suffix;
  std::string needs;  // requires= expression (ISA requirement included); empty: runs anywhere
  bool reference = false;
  // False when the row's object did not build (its compile, isolation or link failed and the
  // build left it out); why is recorded in the files build_record + ".fail.txt" (compile,
  // isolation) and build_record + ".link-fail.txt" (the bench's link).
  bool built = true;
  std::string build_record;
};

// A companion (COMPANIONS) of a family. Only one with the family's signature can be called by
// the family's fixture: `table` is its table in the family's driver (from 1); 0 for any other,
// which is not timed and follows the family.
struct companion_info {
  std::string name;
  std::string signature;  // "<ret>(<params>)" as declared
  std::size_t table = 0;
};

struct family_info {
  std::string name;
  std::string tolerance;              // exact | abs=x | rel=x | ulp=n
  std::vector<std::string> fallback;  // the chain, in order
  std::vector<row_info> rows;         // grid order
  std::unique_ptr<family_driver> (*make_driver)() = nullptr;
  std::vector<companion_info> companions;  // declaration order
  double timeout_s = 0;                    // TIMEOUT: seconds one call may take; 0: derived (harness/limits.h)
  int threads = 1;                         // THREADS: each pool's size in the gate and the race; 0: all
};

// Families register themselves from the generated registry's static initializers.
void register_family(family_info info);
std::vector<family_info>& registered_families();

template <class Signature>
struct row_entry {
  const char* suffix;
  Signature* entry;  // null when the row's object did not build (the registry declares rows weak)
  // tune_relocated<k>__<entry>: the row's object copied, exports renamed, placement k at index k-1
  std::array<Signature*, relocated_copies> relocated;
  const char* needs;
  bool reference;
  const char* build_record;
};

template <class Signature>
using row_table = std::vector<row_entry<Signature>>;

template <class Signature, std::size_t N>
row_table<Signature> table_of(const row_entry<Signature> (&rows)[N]) {
  return row_table<Signature>(rows, rows + N);
}

// The rows a search built for one function (the family's or a companion's), as the tool lists them
// beside the rows in the family's search archive (tuner/mint/search_table.h): an assembled table
// with this layout, found through the weak symbol tune_search_rows__<function>, which is null until
// a search has built any. The registry's own table holds the reference and the FALLBACK chain.
struct search_row {
  const char* suffix;
  const void* entry;
  const void* relocated[relocated_copies];
  const char* needs;
  const char* build_record;
};
struct search_rows {
  std::uint64_t count;
  const search_row* rows;
};

// A function's address as the table holds it, as the function pointer it is (POSIX: the two have
// one representation).
template <class Signature>
Signature* search_function_at(const void* address) {
  Signature* f = nullptr;
  static_assert(sizeof f == sizeof address, "cmake-tune: a function pointer must be the size of a data pointer");
  std::memcpy(&f, &address, sizeof f);
  return f;
}

// The registry's rows of a searched family, then the rows its search built, in the order of the
// family's own table `rows_found` (rows_of lists them so): a function's table `found` (either may
// be null) gives each row's entries, and a row it lacks is a null entry, so every table of the
// family has the same rows at the same indices even when a companion was added after the search
// that wrote the tables.
template <class Signature, std::size_t N>
row_table<Signature> table_of(const row_entry<Signature> (&rows)[N], const search_rows* found,
                              const search_rows* rows_found) {
  row_table<Signature> out(rows, rows + N);
  const std::uint64_t count = rows_found ? rows_found->count : 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    const search_row& want = rows_found->rows[i];
    // The tool writes every function's table from the same rows in the same order: the same index,
    // unless the tables come from different searches.
    const search_row* r = nullptr;
    if (found && i < found->count && std::strcmp(found->rows[i].suffix, want.suffix) == 0) r = &found->rows[i];
    for (std::uint64_t k = 0; !r && found && k < found->count; ++k)
      if (std::strcmp(found->rows[k].suffix, want.suffix) == 0) r = &found->rows[k];
    row_entry<Signature> e{want.suffix, nullptr, {}, want.needs, false, want.build_record};
    if (r) {
      e.entry = search_function_at<Signature>(r->entry);
      for (std::size_t k = 0; k < e.relocated.size(); ++k)
        e.relocated[k] = search_function_at<Signature>(r->relocated[k]);
    }
    out.push_back(e);
  }
  return out;
}

template <class Signature>
class typed_driver final : public family_driver {
 public:
  using fixture_fn = void (*)(fixture<Signature>&);
  typed_driver(fixture_fn fn, std::vector<row_table<Signature>> tables, std::uint64_t seed, std::string shape)
      : fn_(fn), tables_(std::move(tables)), seed_(seed), shape_(std::move(shape)) {}

  void run(const std::function<void(row_calls&)>& work) override {
    fixture<Signature> fx(seed_, shape_, [&](fixture_base& base, detail::kernel_calls<Signature*>& calls) {
      calls_over adapter(base, calls, tables_);
      work(adapter);
    });
    fn_(fx);
    if (!fx.has_run())
      throw std::logic_error("the fixture returned without calling fx.run(...): it must say how to call a kernel");
  }

 private:
  class calls_over final : public row_calls {
   public:
    calls_over(fixture_base& fx, detail::kernel_calls<Signature*>& calls,
               const std::vector<row_table<Signature>>& tables)
        : fx_(fx), calls_(calls), tables_(tables) {}
    detail::output call(std::size_t table, std::size_t row, bool from_pristine) override {
      return calls_.call(kernel(table, row, 0), from_pristine);
    }
    double time(std::size_t table, std::size_t row, int placement, std::uint64_t reps) override {
      return calls_.time(kernel(table, row, placement), reps);
    }
    double work() const override { return fx_.work_amount(); }
    std::string work_unit() const override { return fx_.work_unit(); }
    bool fresh_inputs() const override { return fx_.wants_fresh_inputs(); }

   private:
    Signature* kernel(std::size_t table, std::size_t row, int placement) const {
      if (placement < 0 || placement > relocated_copies)
        throw std::out_of_range("relocated placement " + std::to_string(placement) +
                                ": the bench links placements 1 to " + std::to_string(relocated_copies));
      const auto& r = tables_.at(table).at(row);
      Signature* k = placement == 0 ? r.entry : r.relocated[static_cast<std::size_t>(placement - 1)];
      if (!k) throw std::logic_error(std::string("row ") + r.suffix + " did not build; it cannot be called");
      return k;
    }
    fixture_base& fx_;
    detail::kernel_calls<Signature*>& calls_;
    const std::vector<row_table<Signature>>& tables_;
  };

  fixture_fn fn_;
  std::vector<row_table<Signature>> tables_;
  std::uint64_t seed_;
  std::string shape_;
};

// Stable per-family seed: the same inputs for every row, every mint, every compiler.
inline std::uint64_t seed_for(const std::string& family) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char c : family) h = (h ^ c) * 1099511628211ull;
  return h;
}

// `seat`: the registered family (<family>, or <family>@<shape> for one shape of SHAPES); `shape`
// what fx.shape() returns, empty without SHAPES.
template <class Signature>
std::unique_ptr<family_driver> make_driver(void (*fixture_fn)(fixture<Signature>&),
                                           std::vector<row_table<Signature>> tables, const char* seat,
                                           const char* shape = "") {
  return std::make_unique<typed_driver<Signature>>(fixture_fn, std::move(tables), seed_for(seat), shape);
}

template <class Signature, std::size_t N>
std::vector<row_info> rows_of(const row_entry<Signature> (&rows)[N]) {
  std::vector<row_info> out;
  for (const auto& r : rows) out.push_back({r.suffix, r.needs, r.reference, r.entry != nullptr, r.build_record});
  return out;
}

// A searched family's rows: the registry's, then the rows its search built, in the table's order
// (table_of above lists them the same way).
template <class Signature, std::size_t N>
std::vector<row_info> rows_of(const row_entry<Signature> (&rows)[N], const search_rows* found) {
  std::vector<row_info> out = rows_of(rows);
  for (std::uint64_t i = 0; found && i < found->count; ++i)
    out.push_back({found->rows[i].suffix, found->rows[i].needs, false, found->rows[i].entry != nullptr,
                   found->rows[i].build_record});
  return out;
}

// A static object of the generated registry: registers one family before main().
struct registrar {
  explicit registrar(family_info info) { register_family(std::move(info)); }
};

}  // namespace tune::bench
