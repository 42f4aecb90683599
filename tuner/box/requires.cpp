#include "box/requires.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "box/text.h"

namespace tune::box {

namespace {

bool group_holds(const std::vector<std::string>& any_of, const feature_set& features) {
  return std::any_of(any_of.begin(), any_of.end(), [&](const std::string& name) { return features.count(name) != 0; });
}

const char* absence(std::size_t alternatives) {
  if (alternatives == 1) return "not on this box";
  if (alternatives == 2) return "neither on this box";
  return "none on this box";
}

}  // namespace

requirement parse_requires(const std::string& expr) {
  requirement r{{}, expr};
  if (text::trim(expr).empty()) return r;
  for (const auto& group : text::split(expr, ',')) {
    std::vector<std::string> any_of;
    for (const auto& raw : text::split(group, '|')) {
      auto name = text::trim(raw);
      if (name.empty())
        throw std::invalid_argument(
            fmt::format("requires= \"{}\": empty alternative; write features joined by ',' (all of) and '|' "
                        "(any of), e.g. avx2,fma|avx512f",
                        expr));
      if (!is_known_feature(name))
        throw std::invalid_argument(fmt::format("requires= \"{}\": unknown feature \"{}\"; known features: {}", expr,
                                                name, known_features_text()));
      any_of.push_back(std::move(name));
    }
    r.all_of.push_back(std::move(any_of));
  }
  return r;
}

bool holds(const requirement& r, const feature_set& features) {
  return std::all_of(r.all_of.begin(), r.all_of.end(),
                     [&](const auto& any_of) { return group_holds(any_of, features); });
}

std::string why_not(const requirement& r, const feature_set& features) {
  std::vector<std::string> clauses;
  for (const auto& any_of : r.all_of)
    if (!group_holds(any_of, features))
      clauses.push_back(fmt::format("requires {}: {}", text::join(any_of, "|"), absence(any_of.size())));
  if (clauses.empty())
    throw std::logic_error(fmt::format("why_not(\"{}\"): the requirement holds on this box", r.text));
  return text::join(clauses, "; ");
}

}  // namespace tune::box
