#include "sidecar/document.h"

#include <algorithm>

#include "sidecar/format.h"
#include "util/json_members.h"

namespace tune::sidecar {
using nlohmann::json;

namespace {

void put_optional(json& out, const char* key, const std::optional<std::string>& v) {
  if (v) out[key] = *v;
}

template <class T>
void put_optional(json& out, const char* key, const std::optional<T>& v) {
  if (v) out[key] = *v;
}

std::optional<std::string> optional_string(const json& in, const char* key) {
  const auto it = in.find(key);
  if (it == in.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

// Like optional_string: a member of another type reads as absent.
std::optional<double> optional_number(const json& in, const char* key) {
  const auto it = in.find(key);
  if (it == in.end() || !it->is_number()) return std::nullopt;
  return it->get<double>();
}

std::optional<build_wait_record> optional_build_wait(const json& in) {
  const auto it = in.find("build_wait");
  if (it == in.end() || !it->is_object()) return std::nullopt;
  return build_wait_record{optional_number(*it, "waited_s").value_or(0),
                           static_cast<int>(optional_number(*it, "measured_beside_jobs").value_or(0))};
}

// A section read as `T`, or empty when the document has none (a reader given part of a document).
template <class T>
T section(const json& in, const char* key) {
  const auto it = in.find(key);
  return it == in.end() ? T{} : it->get<T>();
}

template <class Map>
const typename Map::mapped_type* find_in(const Map& map, const std::string& key) {
  const auto it = map.find(key);
  return it == map.end() ? nullptr : &it->second;
}

}  // namespace

void to_json(json& out, const bench_anchor& b) {
  out = {{"path", b.path}, {"mtime_ns", b.mtime_ns}, {"sha256", b.sha256}};
  put_optional(out, "code_sha256", b.code_sha256);
  util::put_other_members(out, b.other);
}

void from_json(const json& in, bench_anchor& b) {
  b.path = in.value("path", std::string());
  b.mtime_ns = in.value("mtime_ns", std::int64_t{0});
  b.sha256 = in.value("sha256", std::string());
  b.code_sha256 = optional_string(in, "code_sha256");
  b.other = util::other_members(in, {"path", "mtime_ns", "sha256", "code_sha256"});
}

void to_json(json& out, const scope_record& s) {
  out = {{"version", s.version}, {"bench", s.bench}, {"complete", s.complete}, {"families", s.families}};
  util::put_other_members(out, s.other);
}

void from_json(const json& in, scope_record& s) {
  s.version = in.value("version", 0);
  s.bench = section<bench_anchor>(in, "bench");
  s.complete = in.value("complete", false);
  s.families = section<std::vector<std::string>>(in, "families");
  s.other = util::other_members(in, {"version", "bench", "complete", "families"});
}

void to_json(json& out, const provenance_record& p) {
  out = json::object();
  if (!p.box.empty()) out["box"] = p.box;
  put_optional(out, "applied_box", p.applied_box);
  put_optional(out, "origin", p.origin);
  put_optional(out, "written", p.written);
  put_optional(out, "tool", p.tool);
  put_optional(out, "class", p.cls);
  put_optional(out, "compiler", p.compiler);
  put_optional(out, "features", p.features);
  put_optional(out, "forced_features", p.forced_features);
  put_optional(out, "noise", p.noise);
  put_optional(out, "noise_probes", p.noise_probes);
  put_optional(out, "noise_floor_pct", p.noise_floor_pct);
  put_optional(out, "validation", p.validation);
  put_optional(out, "mint_ms", p.mint_ms);
  put_optional(out, "lock_wait_s", p.lock_wait_s);
  put_optional(out, "telemetry", p.telemetry);
  if (p.build_wait)
    out["build_wait"] = {{"waited_s", p.build_wait->waited_s},
                         {"measured_beside_jobs", p.build_wait->measured_beside_jobs}};
  util::put_other_members(out, p.other);
}

void from_json(const json& in, provenance_record& p) {
  p.box = optional_string(in, "box").value_or("");
  p.applied_box = optional_string(in, "applied_box");
  p.origin = optional_string(in, "origin");
  p.written = optional_string(in, "written");
  p.tool = optional_string(in, "tool");
  p.cls = optional_string(in, "class");
  p.compiler = optional_string(in, "compiler");
  p.features = optional_string(in, "features");
  p.forced_features = optional_string(in, "forced_features");
  p.noise = optional_string(in, "noise");
  p.noise_probes = optional_string(in, "noise_probes");
  p.noise_floor_pct = optional_number(in, "noise_floor_pct");
  p.validation = optional_string(in, "validation");
  p.mint_ms = optional_number(in, "mint_ms");
  p.lock_wait_s = optional_number(in, "lock_wait_s");
  if (const auto it = in.find("telemetry"); it != in.end()) p.telemetry = *it;
  p.build_wait = optional_build_wait(in);
  p.other = util::other_members(in, {"box", "applied_box", "origin", "written", "tool", "class", "compiler", "features",
                                     "forced_features", "noise", "noise_probes", "noise_floor_pct", "validation",
                                     "mint_ms", "lock_wait_s", "telemetry", "build_wait"});
}

bool scope_record::lists(const std::string& family) const {
  return std::find(families.begin(), families.end(), family) != families.end();
}

const std::string* document::seat_of(const std::string& name) const { return find_in(kernels, name); }
const race::race_table* document::race_of(const std::string& family) const { return find_in(race, family); }
const scope_record* document::scope(const std::string& name) const { return find_in(scopes, name); }

bool document::measured_for(const std::string& box) const {
  return provenance.box == box || provenance.applied_box == box;
}

void to_json(json& out, const document& d) {
  out = {{"format", format_name}, {"kernels", d.kernels}, {"race", d.race},
         {"runtime", d.runtime},  {"scopes", d.scopes},   {"provenance", d.provenance}};
  util::put_other_members(out, d.other);
}

void from_json(const json& in, document& d) {
  d.kernels = section<std::map<std::string, std::string>>(in, "kernels");
  d.race = section<std::map<std::string, race::race_table>>(in, "race");
  d.runtime = in.contains("runtime") ? in.at("runtime") : json::object();
  d.scopes = section<std::map<std::string, scope_record>>(in, "scopes");
  d.provenance = section<provenance_record>(in, "provenance");
  d.other = util::other_members(in, {"format", "kernels", "race", "runtime", "scopes", "provenance"});
}

std::map<std::string, race::row_failure> failed_rows(const document& doc, const std::string& family) {
  std::map<std::string, race::row_failure> out;
  const auto collect = [&](const std::string& function, const race::race_table& table) {
    for (const auto& [suffix, row] : table.rows)
      if (row.last_fail_reason)
        out[function + "__" + suffix] = {row.last_fail_reason->stage, row.last_fail_reason->detail, ""};
  };
  const auto* race = doc.race_of(family);
  if (!race) return out;
  collect(family, *race);
  if (race->companion_races)
    for (const auto& [companion, table] : *race->companion_races) collect(companion, table);
  return out;
}

}  // namespace tune::sidecar
