#pragma once
// What a family's GENERATOR is told of its last race (docs/cmake-api.md "Generators"): the stamp
// step writes it to the family's trigger, <build>/tune/<scope>/generate/<family>.race.json
// (docs/schemas/tune-generate-trigger-1.schema.json), which cmake/tune/Generator.cmake quotes in the
// generator's request and the configure step depends on. The tool is the sidecar's one reader.
#include <nlohmann/json.hpp>

#include "manifest/manifest.h"
#include "sidecar/document.h"
#include "sidecar/verdict.h"

namespace tune::mint {

// The trigger of `family`: {"format", "version", "compiler", "race", "box"}. `race` is the
// family's race table and `box` ({"class", "features"}) where it was measured, when `doc` has a
// table at this scope's VERSION measured with this compiler (the manifest's) and records the box's
// class and features; `version` and `compiler` then name that VERSION and compiler, so a configure
// after either changed quotes nothing until the next stamp. All four are null otherwise, as in the
// first trigger the configure step writes. Freshness for this box and binary is the stamp's
// question, not the generator's.
nlohmann::json generator_trigger(const manifest& m, const family_decl& family, const sidecar::document* doc);

// Writes every trigger of the scope whose content changed, from the sidecar as read: an unchanged
// trigger keeps its time, so the next build configures again only when the quote changed. Throws,
// naming the family and the file, when one cannot be written.
void write_generator_triggers(const manifest& m, const sidecar::loaded& file);

}  // namespace tune::mint
