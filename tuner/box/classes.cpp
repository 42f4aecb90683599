#include "box/classes.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "box/platform.h"
#include "box/text.h"

namespace tune::box {

namespace {

struct class_row {
  const char* name;
  const char* parent;
  const char* arch;
  std::vector<std::string> adds;  // features beyond the parent's
};

std::vector<cpu_class> build_table() {
  const std::vector<class_row> rows = {
      {"x86-amx", "x86-vnni512", "x86_64", {"amx-tile", "amx-int8"}},
      {"x86-vnni512", "x86-avx512", "x86_64", {"avx512vnni"}},
      {"x86-avx512", "x86-avx2", "x86_64", {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"}},
      {"x86-vnni256", "x86-avx2", "x86_64", {"avxvnni"}},
      {"x86-avx2", "x86-base", "x86_64", {"avx2", "fma", "bmi2", "f16c"}},
      {"x86-base", "", "x86_64", {}},
      {"arm-i8mm", "arm-neon", "aarch64", {"i8mm", "dotprod"}},
      {"arm-neon", "", "aarch64", {"neon"}},
  };
  std::vector<cpu_class> table(rows.size());
  // Parents come later in the table, so filling bottom-up sees every parent complete.
  for (std::size_t i = rows.size(); i-- > 0;) {
    const auto& row = rows[i];
    feature_set features(row.adds.begin(), row.adds.end());
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
