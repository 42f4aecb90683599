#pragma once
// A searched family's space as its axes and the rules that cut it, not as a list: the tool
// enumerates the points itself (docs/design/spaces.md, "Spaces that are not enumerated"). The
// rules are the family's EXCLUDE patterns and its CONSTRAINTS in the reverse Polish form the
// configure step parsed them into (cmake/tune/Constraints.cmake); they are evaluated here exactly as
// _tune_constraint_holds evaluates them, in the same order, with the same errors.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tune::search {

// The most points a searched space may have: each is held while the search runs (about 240 bytes
// with its suffix and the strategy's state). cmake/tune/Rows.cmake refuses more at configure.
inline constexpr std::uint64_t max_space_points = 4'000'000;

struct space_rules {
  // The AXES in declared order, each with its values.
  std::vector<std::pair<std::string, std::vector<std::string>>> axes;
  // EXCLUDE patterns as written: "AXIS=v,AXIS=v" (a point matching every pair is dropped).
  std::vector<std::string> excludes;
  struct constraint {
    std::string text;              // as declared, for messages
    std::vector<std::string> rpn;  // a:<AXIS>, v:<word>, u!, u-, or a binary operator
  };
  std::vector<constraint> constraints;
};

// A rule that cannot be compiled (a pattern or token naming no axis or value, a malformed program),
// or a point whose values do not fit a constraint's operators (text in arithmetic, a division by
// zero); what() names the constraint and the point as the configure step does.
struct rules_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The rules compiled for evaluation: each axis value is classified once (integer or text), so a
// point is checked with a small stack and no string work.
class space_filter {
 public:
  explicit space_filter(const space_rules& rules);  // throws rules_error
  // True when `point` (one value index per axis) survives every EXCLUDE pattern and satisfies every
  // constraint; throws rules_error when a constraint cannot be evaluated on it.
  bool allows(const std::uint16_t* point) const;
  std::size_t axes() const { return sizes_.size(); }
  const std::vector<std::size_t>& sizes() const { return sizes_; }

 private:
  struct operand {
    bool is_int = false;
    std::int64_t i = 0;
    int text = -1;  // interned text, for == and != between words
  };
  enum class op : std::uint8_t {
    axis,
    constant,
    neg,
    not_,
    add,
    sub,
    mul,
    div,
    mod,
    eq,
    ne,
    lt,
    le,
    gt,
    ge,
    and_,
    or_
  };
  struct step {
    op what;
    std::uint32_t arg = 0;  // axis index, or constant index
  };
  struct program {
    std::string text;
    std::vector<step> steps;
  };
  [[noreturn]] void fail(const program& p, const std::uint16_t* point, const std::string& what) const;
  bool holds(const program& p, const std::uint16_t* point) const;

  const space_rules* rules_;
  std::vector<std::size_t> sizes_;
  std::vector<std::vector<operand>> values_;  // per axis, per value
  std::vector<operand> constants_;
  std::vector<std::string> texts_;  // interned words, for messages
  std::vector<std::vector<std::pair<std::uint32_t, std::uint16_t>>> excludes_;
  std::vector<program> programs_;
  std::size_t depth_ = 0;               // the deepest stack any program needs
  mutable std::vector<operand> stack_;  // holds()'s stack: one filter is used by one thread
};

// Every point the rules allow, first axis outermost (the order of _tune_expand_axes): flat, one
// value index per axis for each point. Throws rules_error as space_filter does.
std::vector<std::uint16_t> enumerate(const space_rules& rules);

// A point as the configure step names it: its spec "A=1,B=2" and its row suffix "a1_b2" (the ISA
// axis gives its value alone; lower case), as _tune_row_suffix makes it (cmake/tune/Rows.cmake).
std::string spec_of(const space_rules& rules, const std::uint16_t* point);
std::string suffix_of(const space_rules& rules, const std::uint16_t* point);
// The point a suffix names (suffix_of's inverse); nullopt when it names none. A value holding '_'
// can make a suffix read as several points: with `allowed`, the one it allows (a point the filter
// cannot evaluate is not allowed), else the first.
std::optional<std::vector<std::uint16_t>> point_of(const space_rules& rules, const std::string& suffix,
                                                   const space_filter* allowed = nullptr);

}  // namespace tune::search
