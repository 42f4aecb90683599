#include "search/rules.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <unordered_map>

namespace tune::search {

namespace {

// An integer as cmake/tune/Constraints.cmake takes one ("^-?[0-9]+$"), that fits 64 bits.
bool parse_integer(const std::string& s, std::int64_t& out) {
  if (s.empty()) return false;
  const std::size_t digits = s[0] == '-' ? 1 : 0;
  if (digits == s.size()) return false;
  for (std::size_t k = digits; k < s.size(); ++k)
    if (!std::isdigit(static_cast<unsigned char>(s[k]))) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

// CMake's math(EXPR) is 64-bit; the tool wraps where C++ would overflow, rather than trap.
std::int64_t wrap(std::uint64_t v) { return static_cast<std::int64_t>(v); }

}  // namespace

space_filter::space_filter(const space_rules& rules) : rules_(&rules) {
  std::unordered_map<std::string, int> interned;
  const auto intern = [&](const std::string& s) {
    const auto [it, fresh] = interned.emplace(s, static_cast<int>(texts_.size()));
    if (fresh) texts_.push_back(s);
    return it->second;
  };
  const auto classify = [&](const std::string& s) {
    operand o;
    o.text = intern(s);
    o.is_int = parse_integer(s, o.i);
    return o;
  };
  const auto axis_index = [&](const std::string& name) -> std::optional<std::uint32_t> {
    for (std::size_t a = 0; a < rules.axes.size(); ++a)
      if (rules.axes[a].first == name) return static_cast<std::uint32_t>(a);
    return std::nullopt;
  };
  for (const auto& [axis, values] : rules.axes) {
    if (values.empty() || values.size() > std::numeric_limits<std::uint16_t>::max())
      throw rules_error(fmt::format("axis {} has {} values; an axis of a searched space has 1 to {}", axis,
                                    values.size(), std::numeric_limits<std::uint16_t>::max()));
    sizes_.push_back(values.size());
    auto& classified = values_.emplace_back();
    for (const auto& v : values) classified.push_back(classify(v));
  }
  for (const auto& pattern : rules.excludes) {
    auto& pairs = excludes_.emplace_back();
    for (std::size_t at = 0; at <= pattern.size();) {
      const auto end = std::min(pattern.find(',', at), pattern.size());
      const std::string pair = pattern.substr(at, end - at);
      at = end + 1;
      const auto eq = pair.find('=');
      const auto a = eq == std::string::npos ? std::nullopt : axis_index(pair.substr(0, eq));
      if (!a)
        throw rules_error(
            fmt::format("EXCLUDE \"{}\": '{}' is not AXIS=value of an axis of the family", pattern, pair));
      const auto& values = rules.axes[*a].second;
      const auto v = std::find(values.begin(), values.end(), pair.substr(eq + 1));
      if (v == values.end())
        throw rules_error(
            fmt::format("EXCLUDE \"{}\": axis {} has no value {}", pattern, rules.axes[*a].first, pair.substr(eq + 1)));
      pairs.emplace_back(*a, static_cast<std::uint16_t>(v - values.begin()));
    }
  }
  static const std::unordered_map<std::string, op> binary = {
      {"+", op::add}, {"-", op::sub}, {"*", op::mul}, {"/", op::div}, {"%", op::mod},   {"==", op::eq}, {"!=", op::ne},
      {"<", op::lt},  {"<=", op::le}, {">", op::gt},  {">=", op::ge}, {"&&", op::and_}, {"||", op::or_}};
  for (const auto& c : rules.constraints) {
    program p{c.text, {}};
    std::size_t depth = 0;
    const auto malformed = [&](const std::string& why) {
      return rules_error(
          fmt::format("CONSTRAINTS \"{}\": its parsed form {}; the configure step and the tool come "
                      "from different versions of cmake-tune",
                      c.text, why));
    };
    for (const auto& token : c.rpn) {
      if (token.rfind("a:", 0) == 0) {
        const auto a = axis_index(token.substr(2));
        if (!a) throw malformed(fmt::format("names axis {}, which the family does not have", token.substr(2)));
        p.steps.push_back({op::axis, *a});
        depth_ = std::max(depth_, ++depth);
      } else if (token.rfind("v:", 0) == 0) {
        constants_.push_back(classify(token.substr(2)));
        p.steps.push_back({op::constant, static_cast<std::uint32_t>(constants_.size() - 1)});
        depth_ = std::max(depth_, ++depth);
      } else if (token == "u!" || token == "u-") {
        if (depth < 1) throw malformed(fmt::format("applies '{}' to nothing", token));
        p.steps.push_back({token == "u!" ? op::not_ : op::neg});
      } else if (const auto b = binary.find(token); b != binary.end()) {
        if (depth < 2) throw malformed(fmt::format("applies '{}' to fewer than two values", token));
        p.steps.push_back({b->second});
        --depth;
      } else {
        throw malformed(fmt::format("holds the token '{}'", token));
      }
    }
    if (depth != 1) throw malformed(fmt::format("leaves {} values, not one", depth));
    programs_.push_back(std::move(p));
  }
  stack_.resize(depth_);
}

void space_filter::fail(const program& p, const std::uint16_t* point, const std::string& what) const {
  throw rules_error(fmt::format("CONSTRAINTS \"{}\" on row \"{}\": {}", p.text, spec_of(*rules_, point), what));
}

bool space_filter::holds(const program& p, const std::uint16_t* point) const {
  operand* top = stack_.data();  // one past the last value
  const auto show = [&](const operand& o) { return o.text >= 0 ? texts_[o.text] : std::to_string(o.i); };
  for (const step& s : p.steps) {
    switch (s.what) {
      case op::axis:
        *top++ = values_[s.arg][point[s.arg]];
        continue;
      case op::constant:
        *top++ = constants_[s.arg];
        continue;
      case op::neg:
      case op::not_: {
        operand& a = top[-1];
        if (!a.is_int)
          fail(p, point,
               fmt::format("'{}' needs an integer, and '{}' is not one.", s.what == op::neg ? "-" : "!", show(a)));
        a.i = s.what == op::neg ? wrap(0 - static_cast<std::uint64_t>(a.i)) : (a.i == 0 ? 1 : 0);
        a.text = -1;
        continue;
      }
      default:
        break;
    }
    const operand b = *--top;
    operand& a = top[-1];
    std::int64_t r = 0;
    if (s.what == op::eq || s.what == op::ne) {
      // Integers compare as numbers, anything else as text (a word never equals an integer).
      const bool equal = a.is_int && b.is_int ? a.i == b.i : (!a.is_int && !b.is_int && a.text == b.text);
      r = (equal == (s.what == op::eq)) ? 1 : 0;
    } else {
      static constexpr const char* names[] = {"",   "",   "",  "",   "+", "-",  "*",  "/", "%",
                                              "==", "!=", "<", "<=", ">", ">=", "&&", "||"};
      const char* name = names[static_cast<int>(s.what)];
      if (!a.is_int || !b.is_int)
        fail(p, point, fmt::format("'{} {} {}' needs integers on both sides.", show(a), name, show(b)));
      if ((s.what == op::div || s.what == op::mod) && b.i == 0)
        fail(p, point, fmt::format("'{} {} {}' divides by zero.", show(a), name, show(b)));
      const auto ua = static_cast<std::uint64_t>(a.i), ub = static_cast<std::uint64_t>(b.i);
      const bool overflow = a.i == std::numeric_limits<std::int64_t>::min() && b.i == -1;
      switch (s.what) {
        case op::add:
          r = wrap(ua + ub);
          break;
        case op::sub:
          r = wrap(ua - ub);
          break;
        case op::mul:
          r = wrap(ua * ub);
          break;
        case op::div:
          r = overflow ? a.i : a.i / b.i;
          break;
        case op::mod:
          r = overflow ? 0 : a.i % b.i;
          break;
        case op::lt:
          r = a.i < b.i;
          break;
        case op::le:
          r = a.i <= b.i;
          break;
        case op::gt:
          r = a.i > b.i;
          break;
        case op::ge:
          r = a.i >= b.i;
          break;
        case op::and_:
          r = a.i != 0 && b.i != 0;
          break;
        case op::or_:
          r = a.i != 0 || b.i != 0;
          break;
        default:
          break;
      }
    }
    a.is_int = true;
    a.i = r;
    a.text = -1;
  }
  const operand& result = stack_[0];
  if (!result.is_int)
    fail(p, point,
         fmt::format("the expression gives '{}', not a truth value; compare it with something, e.g. \"{} == 1\".",
                     show(result), p.text));
  return result.i != 0;
}

bool space_filter::allows(const std::uint16_t* point) const {
  for (const auto& pattern : excludes_) {
    bool matches = true;
    for (const auto& [axis, value] : pattern)
      if (point[axis] != value) {
        matches = false;
        break;
      }
    if (matches) return false;
  }
  // In declared order, stopping at the first that fails: a later one is never evaluated on a point
  // an earlier one rules out, as in _tune_apply_constraints.
  for (const auto& p : programs_)
    if (!holds(p, point)) return false;
  return true;
}

std::vector<std::uint16_t> enumerate(const space_rules& rules) {
  const space_filter filter(rules);
  std::uint64_t points = 1;
  for (const auto& [axis, values] : rules.axes)
    if ((points *= values.size()) > max_space_points)
      throw rules_error(
          fmt::format("the axes make more than {} points, the most a searched space may have; take "
                      "values out of an axis, or split the family",
                      max_space_points));
  const std::size_t n = filter.axes();
  std::vector<std::uint16_t> out;
  if (n == 0) return out;
  const auto& sizes = filter.sizes();
  std::vector<std::uint16_t> point(n, 0);
  for (;;) {
    if (filter.allows(point.data())) out.insert(out.end(), point.begin(), point.end());
    // The odometer: the last axis turns fastest, so the first is outermost.
    std::size_t a = n;
    while (a > 0) {
      --a;
      if (++point[a] < sizes[a]) break;
      point[a] = 0;
      if (a == 0) return out;
    }
  }
}

std::string spec_of(const space_rules& rules, const std::uint16_t* point) {
  std::string out;
  for (std::size_t a = 0; a < rules.axes.size(); ++a) {
    if (a) out += ',';
    out += rules.axes[a].first;
    out += '=';
    out += rules.axes[a].second[point[a]];
  }
  return out;
}

std::string suffix_of(const space_rules& rules, const std::uint16_t* point) {
  std::string out;
  for (std::size_t a = 0; a < rules.axes.size(); ++a) {
    if (a) out += '_';
    if (rules.axes[a].first != "ISA") out += rules.axes[a].first;
    out += rules.axes[a].second[point[a]];
  }
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Matches axis `a` and the ones after it from `at`; a value may hold '_', so each candidate value
// is tried in turn until the rest matches.
bool match_from(const space_rules& rules, const std::string& suffix, std::size_t a, std::size_t at,
                std::vector<std::uint16_t>& point, const space_filter* allowed) {
  if (a == rules.axes.size()) {
    if (at != suffix.size()) return false;
    if (!allowed) return true;
    try {
      return allowed->allows(point.data());
    } catch (const rules_error&) {
      return false;
    }
  }
  if (a > 0) {
    if (at >= suffix.size() || suffix[at] != '_') return false;
    ++at;
  }
  const auto& [axis, values] = rules.axes[a];
  for (std::size_t v = 0; v < values.size(); ++v) {
    const std::string part = lower(axis == "ISA" ? values[v] : axis + values[v]);
    if (suffix.compare(at, part.size(), part) != 0) continue;
    point[a] = static_cast<std::uint16_t>(v);
    if (match_from(rules, suffix, a + 1, at + part.size(), point, allowed)) return true;
  }
  return false;
}

}  // namespace

std::optional<std::vector<std::uint16_t>> point_of(const space_rules& rules, const std::string& suffix,
                                                   const space_filter* allowed) {
  std::vector<std::uint16_t> point(rules.axes.size(), 0);
  if (rules.axes.empty() || !match_from(rules, suffix, 0, 0, point, allowed)) return std::nullopt;
  return point;
}

}  // namespace tune::search
