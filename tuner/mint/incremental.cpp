#include "mint/incremental.h"

#include <system_error>

#include <fmt/format.h>

#include "util/elf.h"

namespace tune::mint {

std::optional<std::string> why_race_everything(const sidecar::document* doc, const remint_basis& basis) {
  if (basis.all) return "--all / TUNE_ALL races every family";
  if (!doc) return basis.beside_bench.message;
  if (basis.beside_bench.v != sidecar::verdict::fresh && basis.beside_bench.v != sidecar::verdict::missing)
    return basis.beside_bench.message;
  const auto& p = doc->provenance;
  if (p.applied_box || p.origin == "resolver")
    return fmt::format("the sidecar was measured on {} and applied here", p.box.empty() ? "another box" : p.box);
  if (p.compiler.value_or("") != basis.compiler)
    return fmt::format("the compiler changed from {} to {} since the last mint", p.compiler.value_or("(none recorded)"),
                       basis.compiler);
  if (p.tool.value_or("") != basis.tool)
    return fmt::format("the tool changed from {} to {} since the last mint", p.tool.value_or("(none recorded)"),
                       basis.tool);
  return std::nullopt;
}

std::optional<std::string> why_race_again(const family_decl& family, const std::optional<std::string>& fixture_code,
                                          const race::race_table* last) {
  if (!last || last->adopted() || !last->timed()) return std::string("it has no race measured on this box");
  if (!fixture_code) return std::string("its fixture's code identity is unknown");
  if (!last->fixture_sha256) return std::string("its last race recorded no fixture code identity");
  if (*last->fixture_sha256 != *fixture_code) return std::string("its fixture's code changed");
  for (const auto& row : family.rows) {
    const auto it = last->rows.find(row.suffix);
    if (it == last->rows.end()) return fmt::format("row {} is new", row.suffix);
    if (row.left_out) {
      // Left out by the build: no code to compare. It stands while the last race recorded it
      // failing at the same stage (compile, isolate, link).
      const auto& failed = it->second.last_fail_reason;
      if (!failed || row.left_out->rfind(failed->stage, 0) != 0)
        return fmt::format("row {} {}", row.suffix, failed ? "fails differently" : "now fails to build");
      continue;
    }
    if (!row.identity) return fmt::format("row {} has no code identity", row.suffix);
    if (it->second.code_sha256 != row.identity->code_sha256) return fmt::format("row {}'s code changed", row.suffix);
  }
  for (const auto& [suffix, _] : last->rows)
    if (!family.row(suffix)) return fmt::format("row {} is gone", suffix);
  return std::nullopt;
}

std::map<std::string, race::row_failure> known_failures(const family_decl& family,
                                                        const std::optional<std::string>& fixture_code,
                                                        const race::race_table* last) {
  std::map<std::string, race::row_failure> out;
  if (!last || !fixture_code || last->fixture_sha256 != fixture_code) return out;
  for (const auto& row : family.rows) {
    const auto it = last->rows.find(row.suffix);
    if (it == last->rows.end() || !row.identity || it->second.code_sha256 != row.identity->code_sha256) continue;
    const auto& failed = it->second.last_fail_reason;
    if (!failed || failed->stage == "compile" || failed->stage == "isolate" || failed->stage == "link") continue;
    out[row.suffix] = *failed;
  }
  return out;
}

std::optional<std::string> fixture_code(const family_decl& family) {
  std::error_code ec;
  if (family.fixture_object.empty() || !std::filesystem::is_regular_file(family.fixture_object, ec))
    return std::nullopt;
  try {
    return util::object_code_sha256(family.fixture_object);
  } catch (const std::runtime_error&) {
    return std::nullopt;  // then the family is raced: an unreadable object keeps nothing
  }
}

}  // namespace tune::mint
