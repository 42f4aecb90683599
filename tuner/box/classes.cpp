#include "box/classes.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "box/platform.h"
#include "box/text.h"

namespace tune::box {

namespace {

// The table of tune/detail/cpu.h, which DISPATCH binaries classify with, as feature sets.
std::vector<cpu_class> build_table() {
  const auto& rows = detail::cpu::class_rows;
  std::vector<cpu_class> table(rows.size());
  // Parents come later in the table, so filling bottom-up sees every parent complete.
  for (std::size_t i = rows.size(); i-- > 0;) {
    const auto& row = rows[i];
    feature_set features;
    for (const char* const* add = row.adds.data(); *add != nullptr; ++add) features.insert(*add);
    if (*row.parent != '\0') {
      const auto parent =
          std::find_if(table.begin(), table.end(), [&](const cpu_class& c) { return c.name == row.parent; });
      features.insert(parent->features.begin(), parent->features.end());
    }
    table[i] = cpu_class{row.name, row.parent, row.arch, std::move(features)};
  }
  return table;
}

const cpu_class* find_class(const std::string& name) {
  const auto& table = class_table();
  const auto it = std::find_if(table.begin(), table.end(), [&](const cpu_class& c) { return c.name == name; });
  return it == table.end() ? nullptr : &*it;
}

std::invalid_argument unknown_class(const std::string& cls) {
  std::vector<std::string> names;
  for (const auto& c : class_table()) names.push_back(c.name);
  return std::invalid_argument(fmt::format(
      "unknown CPU class \"{}\"; known classes: {}, or <platform>-<arch> (e.g. linux-riscv64) for other CPUs", cls,
      text::join(names, " ")));
}

}  // namespace

const std::vector<cpu_class>& class_table() {
  static const std::vector<cpu_class> table = build_table();
  return table;
}

std::string classify(const std::string& platform, const std::string& arch, const feature_set& features) {
  const cpu_class* best = nullptr;
  for (const auto& c : class_table()) {
    const bool member =
        c.arch == arch && std::includes(features.begin(), features.end(), c.features.begin(), c.features.end());
    if (member && (best == nullptr || c.features.size() > best->features.size())) best = &c;
  }
  return best ? best->name : platform + "-" + arch;
}

std::string classify(const std::string& arch, const feature_set& features) {
  return classify(platform_name(), arch, features);
}

std::string base_class(const std::string& platform, const std::string& arch) {
  const auto& table = class_table();
  const auto bottom =
      std::find_if(table.begin(), table.end(), [&](const cpu_class& c) { return c.arch == arch && c.parent.empty(); });
  return bottom == table.end() ? platform + "-" + arch : bottom->name;
}

bool is_fallback_class(const std::string& cls) {
  const auto dash = cls.find('-');
  if (dash == std::string::npos || dash + 1 == cls.size()) return false;
  const auto& platforms = known_platforms();
  if (std::find(platforms.begin(), platforms.end(), cls.substr(0, dash)) == platforms.end()) return false;
  const auto arch = cls.substr(dash + 1);
  const auto& table = class_table();
  return std::none_of(table.begin(), table.end(), [&](const cpu_class& c) { return c.arch == arch; });
}

std::vector<std::string> ladder(const std::string& cls) {
  if (is_fallback_class(cls)) return {cls};
  const cpu_class* c = find_class(cls);
  if (c == nullptr) throw unknown_class(cls);
  std::vector<std::string> steps;
  for (; c != nullptr; c = c->parent.empty() ? nullptr : find_class(c->parent)) steps.push_back(c->name);
  return steps;
}

feature_set class_features(const std::string& cls) {
  if (is_fallback_class(cls)) return {};
  const cpu_class* c = find_class(cls);
  if (c == nullptr) throw unknown_class(cls);
  return c->features;
}

}  // namespace tune::box
