#include "mint/selection.h"

#include <cctype>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "box/text.h"
#include "util/error_text.h"

namespace tune::mint {

namespace {

void add_tokens(std::vector<std::string>& out, const std::string& text) {
  for (const auto& part : box::text::split(text, ','))
    if (auto token = box::text::trim(part); !token.empty()) out.push_back(std::move(token));
}

}  // namespace

bool family_selection::selects(const std::string& family) const {
  if (tokens.empty()) return true;
  for (const auto& t : tokens)
    if (family.find(t) != std::string::npos) return true;
  return false;
}

std::string family_selection::text() const {
  return fmt::format("{}{}{}", source, source == "--only" ? " " : "=",
                     util::shown(fmt::format("{}", fmt::join(tokens, ","))));
}

family_selection selection_of(const std::vector<std::string>& option, const char* env) {
  family_selection s;
  if (!option.empty()) {
    s.source = "--only";
    for (const auto& o : option) add_tokens(s.tokens, o);
    if (s.tokens.empty())
      throw std::invalid_argument(
          fmt::format("--only '{}' names no family: give a part of a family's name, e.g. --only dot",
                      util::shown(fmt::format("{}", fmt::join(option, ",")))));
    return s;
  }
  if (!env) return s;
  s.source = "TUNE_ONLY";
  add_tokens(s.tokens, env);
  if (s.tokens.empty() && !box::text::trim(env).empty())
    throw std::invalid_argument(
        fmt::format("TUNE_ONLY='{}' names no family: give a part of a family's name (TUNE_ONLY=dot), or unset it",
                    util::shown(env)));
  return s;
}

bool all_of(bool option, const char* env) {
  if (option || !env) return option;
  std::string v = box::text::trim(env);
  for (auto& c : v) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (v.empty() || v == "0" || v == "OFF" || v == "NO" || v == "FALSE") return false;
  if (v == "1" || v == "ON" || v == "YES" || v == "TRUE") return true;
  throw std::invalid_argument(fmt::format(
      "TUNE_ALL='{}' is neither on nor off: set TUNE_ALL=1 to race every family, or unset it", util::shown(env)));
}

std::vector<std::string> unmatched(const family_selection& s, const std::vector<std::string>& families) {
  std::vector<std::string> out;
  for (const auto& t : s.tokens) {
    bool found = false;
    for (const auto& f : families) found = found || f.find(t) != std::string::npos;
    if (!found) out.push_back(t);
  }
  return out;
}

}  // namespace tune::mint
