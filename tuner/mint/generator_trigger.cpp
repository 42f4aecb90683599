#include "mint/generator_trigger.h"

#include <stdexcept>

#include <fmt/format.h>

#include "box/text.h"
#include "race/table.h"
#include "util/atomic_file.h"
#include "util/json_file.h"
#include "util/json_reader.h"

namespace tune::mint {

nlohmann::json generator_trigger(const manifest& m, const family_decl& family, const sidecar::document* doc) {
  nlohmann::json out = {{"format", "tune-generate-trigger/1"},
                        {"version", nullptr},
                        {"compiler", nullptr},
                        {"race", nullptr},
                        {"box", nullptr}};
  const auto* scope = doc ? doc->scope(m.scope) : nullptr;
  const auto* race = doc ? doc->race_of(family.name) : nullptr;
  if (!scope || scope->version != m.version || !race) return out;
  if (race->compiler && *race->compiler != m.compiler) return out;
  const auto& p = doc->provenance;
  if (!p.cls || !p.features) return out;
  nlohmann::json features = nlohmann::json::array();
  for (const auto& name : box::text::split(*p.features, ';'))
    if (!name.empty()) features.push_back(name);
  out["version"] = m.version;
  out["compiler"] = m.compiler;
  out["race"] = *race;
  out["box"] = {{"class", *p.cls}, {"features", features}};
  return out;
}

namespace {

// Whether the trigger at `path` already holds `quote`, compared as JSON: the configure step writes
// the first one in its own layout. One that does not parse (cut short, edited by hand) does not,
// and is replaced from the sidecar it quotes.
bool holds(const std::filesystem::path& path, const nlohmann::json& quote) {
  try {
    const auto old = util::read_json(path);
    return old && *old == quote;
  } catch (const util::json_error&) {
    return false;
  }
}

}  // namespace

void write_generator_triggers(const manifest& m, const sidecar::loaded& file) {
  for (const auto& f : m.families) {
    if (f.generator_trigger.empty()) continue;
    const auto quote = generator_trigger(m, f, file.doc ? &*file.doc : nullptr);
    try {
      if (holds(f.generator_trigger, quote)) continue;
      util::write_file_atomic(f.generator_trigger, util::json_text(quote) + "\n");
    } catch (const std::exception& e) {
      throw std::runtime_error(
          fmt::format("family {}'s generator trigger \"{}\" could not be written: {}; its "
                      "GENERATOR will not see the race table of sidecar \"{}\" until it is",
                      f.name, f.generator_trigger.string(), e.what(), file.path.string()));
    }
  }
}

}  // namespace tune::mint
