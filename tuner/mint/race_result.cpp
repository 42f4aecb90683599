#include "mint/race_result.h"

#include "sidecar/format.h"
#include "util/json_reader.h"

namespace tune::mint {

void check_race_result(const nlohmann::json& result, const std::filesystem::path& file) {
  const util::json_at root(result, file);
  root.object();
  const auto mint = root["mint"];
  mint.object();
  const auto probes = mint["probes"];
  for (std::size_t i = 0; i < probes.array().size(); ++i) {
    const auto probe = probes.at(i);
    probe["label"].string();
    probe["mad_pct"].number_or_null();  // null: a probe with no spread to show
    if (const auto cv = probe.find("cv_pct")) cv->number_or_null();
  }
  if (const auto status = mint.find("status")) status->string();
  if (const auto ms = mint.find("ms")) ms->number();
  if (const auto reason = mint.find("reason")) reason->string();
  if (const auto overridden = mint.find("noise_overridden")) overridden->boolean();
  if (const auto floor = mint.find("noise_floor_pct")) floor->number();
  if (const auto telemetry = root.find("telemetry")) telemetry->object();
  if (const auto features = root.find("features")) features->string();
  if (const auto errors = root.find("errors")) {
    for (const auto& [name, _] : errors->object().value().items()) (*errors)[name].string();
  }
  if (const auto families = root.find("families")) {
    for (const auto& [name, _] : families->object().value().items()) {
      const auto table = (*families)[name];
      table["winner"].string();
      table["rows"].object();
      if (const auto problem = sidecar::race_table_shape_error(table.value(), table.path()))
        throw util::json_error(file, table.path(), "a race table as docs/sidecar.md describes it", *problem);
    }
  }
}

}  // namespace tune::mint
