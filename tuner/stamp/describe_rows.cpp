#include "stamp/describe_rows.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "util/json_file.h"

namespace tune::stamp {

std::vector<std::string> rows_by_time(const race::race_table& race) {
  std::vector<std::pair<double, std::string>> timed;
  for (const auto& [suffix, row] : race.rows)
    if (row.median_ns) timed.emplace_back(*row.median_ns, suffix);
  std::sort(timed.begin(), timed.end());
  std::vector<std::string> out;
  for (auto& [ns, suffix] : timed) out.push_back(std::move(suffix));
  return out;
}

std::string spread_text(const race::race_row& row) {
  if (!row.q1_ns || !row.q3_ns) return "-";
  const double span = *row.q3_ns - *row.q1_ns;
  return row.median_ns && *row.median_ns > 0
             ? fmt::format("{:.1f}–{:.1f} ns ({:.1f}%)", *row.q1_ns, *row.q3_ns, 100 * span / *row.median_ns)
             : fmt::format("{:.1f}–{:.1f} ns", *row.q1_ns, *row.q3_ns);
}

nlohmann::json rate_json(const std::optional<race::work_record>& work, const std::optional<double>& median_ns) {
  if (!work || !median_ns || *median_ns <= 0) return nullptr;
  const auto r = race::rate_of(*work, *median_ns);
  return {{"value", r.value}, {"unit", r.unit}};
}

std::filesystem::path generate_meta_path(const std::filesystem::path& sidecar, const family_decl& family) {
  return sidecar.parent_path() / (family.function() + "_generate_meta.json");
}

std::optional<generated_rows> read_generated_rows(const std::filesystem::path& meta) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(meta, ec)) return std::nullopt;
  const auto doc = util::read_json_file(meta);
  const auto bad = [&](const std::string& what) {
    return std::runtime_error(fmt::format(
        "{}: {}; it is the configure step's record of the family's GENERATOR (format tune-generate-meta/1): "
        "configure the project again to rewrite it",
        meta.string(), what));
  };
  if (!doc.is_object() || doc.value("format", std::string()) != "tune-generate-meta/1")
    throw bad("not a tune-generate-meta/1 record (its \"format\" is not \"tune-generate-meta/1\")");
  const auto proposals = doc.find("proposals");
  if (proposals == doc.end() || !proposals->is_array()) throw bad("\"proposals\" is not an array");
  generated_rows out{meta, {}};
  for (std::size_t i = 0; i < proposals->size(); ++i) {
    const auto& p = (*proposals)[i];
    if (!p.is_object() || !p.contains("outcome") || !p["outcome"].is_string())
      throw bad(fmt::format("proposals[{}] has no \"outcome\" string", i));
    if (p["outcome"] != "accepted") continue;
    if (!p.contains("suffix") || !p["suffix"].is_string() || !p.contains("basis") || !p["basis"].is_string())
      throw bad(fmt::format("accepted proposals[{}] lacks a \"suffix\" or \"basis\" string", i));
    out.basis[p["suffix"].get<std::string>()] = p["basis"].get<std::string>();
  }
  return out;
}

void to_json(nlohmann::json& out, const generated_rows& g) { out = {{"meta", g.meta.string()}, {"rows", g.basis}}; }

std::string verdict_without_advice(const std::string& message) {
  // Every verdict that asks for a mint ends so (tuner/sidecar/verdict.cpp).
  const auto at = message.rfind("; build the \"tune-");
  return at == std::string::npos ? message : message.substr(0, at) + ".";
}

}  // namespace tune::stamp
