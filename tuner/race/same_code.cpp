#include "race/same_code.h"

#include <algorithm>

namespace tune::race {

std::map<std::string, std::string> same_code(const std::vector<std::string>& suffixes,
                                             const std::map<std::string, std::string>& codes,
                                             const std::string& fallback, const std::optional<std::string>& incumbent,
                                             const std::string& reference) {
  const auto listed = [&](const std::string& s) {
    return std::find(suffixes.begin(), suffixes.end(), s) != suffixes.end();
  };
  std::vector<std::string> order;
  for (const auto& s : {std::optional<std::string>(fallback), incumbent, std::optional<std::string>(reference)})
    if (s && listed(*s) && std::find(order.begin(), order.end(), *s) == order.end()) order.push_back(*s);
  for (const auto& s : suffixes)
    if (std::find(order.begin(), order.end(), s) == order.end()) order.push_back(s);

  std::map<std::string, std::string> representative_of_code;
  std::map<std::string, std::string> out;
  for (const auto& s : order) {
    const auto code = codes.find(s);
    if (code == codes.end()) continue;
    const auto [it, first] = representative_of_code.emplace(code->second, s);
    if (!first) out[s] = it->second;
  }
  return out;
}

std::string same_code_text(const std::string& representative) { return "same code as " + representative; }

}  // namespace tune::race
