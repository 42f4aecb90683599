#pragma once
// TUNE_FORCE_FEATURES (docs/cmake-api.md) read by one parse for `tune box` (tuner/box/force.cpp),
// which applies every entry and refuses a malformed one, and for a DISPATCH binary
// (tune/dispatch.h), which applies only removals: both must see the same entries. Header-only,
// C++17, no library beyond the standard one.
#include <string>
#include <vector>

namespace tune::detail::force {

// One entry between commas: `+feature` or `-feature`, blanks around either part allowed.
struct entry {
  std::string text;  // as written, without the blanks around it
  char sign = 0;     // '+' or '-'; 0 for a malformed entry (empty, no sign, or no name)
  std::string name;  // the feature after the sign
};

// The blanks std::isspace knows in the C locale.
inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

inline std::string trim(const std::string& s) {
  std::size_t first = 0, last = s.size();
  while (first < last && is_blank(s[first])) ++first;
  while (last > first && is_blank(s[last - 1])) --last;
  return s.substr(first, last - first);
}

// The entries of `spec`, left to right; none for a blank spec (nothing is forced).
inline std::vector<entry> entries(const std::string& spec) {
  std::vector<entry> out;
  if (trim(spec).empty()) return out;
  for (std::size_t start = 0;;) {
    const std::size_t comma = spec.find(',', start);
    entry e;
    e.text = trim(spec.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    e.name = e.text.empty() ? std::string() : trim(e.text.substr(1));
    if (!e.text.empty() && (e.text[0] == '+' || e.text[0] == '-') && !e.name.empty()) e.sign = e.text[0];
    out.push_back(e);
    if (comma == std::string::npos) return out;
    start = comma + 1;
  }
}

}  // namespace tune::detail::force
