#include "sidecar/store.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>

#include "sidecar/diff.h"
#include "sidecar/format.h"
#include "sidecar/verdict.h"
#include "util/atomic_file.h"
#include "util/file_lock.h"
#include "util/elf.h"
#include "util/sha256.h"
#include "util/utc_time.h"
#include "util/json_file.h"

namespace tune::sidecar {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

void validate(const scope_update& u) {
  const auto bad = [&](const std::string& what) {
    return std::invalid_argument(fmt::format("scope_update for scope \"{}\": {}", u.scope, what));
  };
  if (u.scope.empty()) throw std::invalid_argument("scope_update has no scope name");
  if (u.box.empty()) throw bad("box is empty; set it to this box's identity");
  if (u.families.empty()) throw bad("families is empty; list every family the scope declares");
  const std::set<std::string> families(u.families.begin(), u.families.end());
  for (const auto& [family, seat] : u.kernels)
    if (!families.count(family))
      throw bad(fmt::format("kernels names family \"{}\", which is not in families", family));
  for (const auto& [family, table] : u.race) {
    if (!families.count(family)) throw bad(fmt::format("race names family \"{}\", which is not in families", family));
    if (!table.is_object()) throw bad(fmt::format("the race table of family \"{}\" is not a JSON object", family));
  }
  const std::set<std::string> companions(u.companions.begin(), u.companions.end());
  for (const std::string& companion : u.companions)
    if (families.count(companion))
      throw bad(fmt::format("companions names \"{}\", which is a family; a public name is a family or a companion",
                            companion));
  for (const auto& [companion, seat] : u.companion_kernels)
    if (!companions.count(companion))
      throw bad(fmt::format("companion_kernels names \"{}\", which is not in companions", companion));
  const std::set<std::string> kept(u.kept.begin(), u.kept.end());
  for (const std::string& family : u.kept) {
    if (!families.count(family)) throw bad(fmt::format("kept names family \"{}\", which is not in families", family));
    if (u.kernels.count(family) || u.race.count(family))
      throw bad(fmt::format("family \"{}\" is kept, so the update cannot also set its seat or race table", family));
  }
  if (u.complete)
    for (const std::string& family : u.families)
      if (!u.kernels.count(family) && !kept.count(family))
        throw bad(fmt::format("it is marked complete but family \"{}\" has no kernels entry", family));
  if (!u.provenance.is_null() && !u.provenance.is_object()) throw bad("provenance is not a JSON object");
  for (const char* owned : {"box", "written", "tool"})
    if (u.provenance.contains(owned))
      throw bad(fmt::format("provenance sets \"{}\", which upsert owns; {}", owned,
                            std::string(owned) == "box" ? "set scope_update::box instead" : "leave it out"));
}

bench_anchor bench_record(const scope_update& u) {
  const fs::path path = fs::absolute(u.bench).lexically_normal();
  const auto mtime = util::mtime_ns(path);
  if (!mtime)
    throw std::runtime_error(
        fmt::format("cannot record scope \"{}\": its bench executable \"{}\" does not exist", u.scope, path.string()));
  return {path.string(), *mtime, util::sha256_file(path), util::code_sha256(path), json::object()};
}

// Measurements from another box say nothing about this one; entries adopted for this box
// (provenance.applied_box) still count.
std::string forget_other_boxes(document& doc, const std::string& new_box, const std::string& scope) {
  std::vector<std::string> dropped;
  for (const auto& [name, entry] : doc.scopes)
    if (name != scope) dropped.push_back(name);
  const std::string note = fmt::format(
      "box changed from \"{}\" to \"{}\": {}\n", doc.provenance.box, new_box,
      dropped.empty() ? std::string("no other scope was recorded")
                      : fmt::format("dropped scopes {} (measured on the other box)", fmt::join(dropped, ", ")));
  document fresh;
  fresh.runtime = std::move(doc.runtime);
  fresh.other = std::move(doc.other);
  doc = std::move(fresh);
  return note;
}

// The update's race tables, typed; a table the format cannot hold is refused, naming it.
std::map<std::string, race::race_table> race_tables(const fs::path& sidecar, const scope_update& u) {
  std::map<std::string, race::race_table> out;
  for (const auto& [family, table] : u.race) {
    if (const auto problem = race_table_shape_error(table, "race." + family))
      throw std::invalid_argument(
          fmt::format("refusing to write \"{}\" for scope \"{}\": {}", sidecar.string(), u.scope, *problem));
    out[family] = table.get<race::race_table>();
  }
  return out;
}

void replace_scope(document& doc, const scope_update& u, std::map<std::string, race::race_table> race,
                   bench_anchor bench, const std::filesystem::path& sidecar) {
  for (const std::string& family : u.kept)
    if (!doc.seat_of(family))
      throw std::runtime_error(fmt::format(
          "refusing to write \"{}\" for scope \"{}\": family {} was to be kept as the sidecar has it, but it has no "
          "seat there now (another mint of this tree changed it); run the mint again",
          sidecar.string(), u.scope, family));
  std::set<std::string> owned(u.families.begin(), u.families.end());
  if (const auto* previous = doc.scope(u.scope)) owned.insert(previous->families.begin(), previous->families.end());
  for (const std::string& family : u.kept) owned.erase(family);
  for (const std::string& family : owned) {
    doc.kernels.erase(family);
    doc.race.erase(family);
  }
  // A family that moved here from another scope belongs to this one only.
  for (auto& [name, entry] : doc.scopes) {
    if (name == u.scope) continue;
    auto& listed = entry.families;
    listed.erase(
        std::remove_if(listed.begin(), listed.end(),
                       [&](const std::string& f) { return std::count(u.families.begin(), u.families.end(), f); }),
        listed.end());
  }
  for (const std::string& companion : u.companions) doc.kernels.erase(companion);
  for (const auto& [family, seat] : u.kernels) doc.kernels[family] = seat;
  for (const auto& [companion, seat] : u.companion_kernels) doc.kernels[companion] = seat;
  for (auto& [family, table] : race) doc.race[family] = std::move(table);
  scope_record& entry = doc.scopes[u.scope];
  entry.version = u.version;
  entry.bench = std::move(bench);
  entry.complete = u.complete;
  entry.families = u.families;
}

// The document as written: provenance refreshed with what the update sets (JSON on the way in,
// so the whole document's shape check judges it).
json written_document(const document& doc, const scope_update& u, std::chrono::system_clock::time_point now) {
  json out = doc;
  json& provenance = out["provenance"];
  if (u.provenance.is_object())
    for (const auto& [key, value] : u.provenance.items()) provenance[key] = value;
  provenance["box"] = u.box;
  provenance["written"] = util::utc_iso8601(now);
  provenance["tool"] = tool_name();
  return out;
}

// An unreadable sidecar's bytes, under a name no later write can take: `<sidecar>.unreadable-<UTC
// time>[-<n>].json`, created only where nothing is (so two mints, or two scopes of one mint,
// never overwrite each other's).
fs::path preserve_unreadable(const fs::path& sidecar, const std::string& bytes,
                             std::chrono::system_clock::time_point now) {
  const std::string stamp = util::utc_file_stamp(now);
  for (int n = 1;; ++n) {
    fs::path kept = sidecar;
    kept += ".unreadable-" + stamp + (n > 1 ? "-" + std::to_string(n) : "") + ".json";
    if (util::create_file_atomic(kept, bytes)) return kept;
  }
}

}  // namespace

write_result upsert(const fs::path& sidecar, const scope_update& update, std::chrono::system_clock::time_point now) {
  validate(update);
  auto race = race_tables(sidecar, update);
  bench_anchor bench = bench_record(update);

  util::file_lock lock(sidecar);
  write_result result;
  std::string notes;
  document doc;
  std::optional<document> before;
  if (const auto previous = util::read_file(sidecar)) {
    result.had_previous = true;
    result.backup = sidecar;
    result.backup += ".bak";
    util::write_file_atomic(result.backup, *previous);
    loaded old = load_text(sidecar, *previous);
    if (old.doc) {
      before = *old.doc;
      doc = std::move(*old.doc);
      if (!doc.measured_for(update.box)) notes += forget_other_boxes(doc, update.box, update.scope);
    } else {
      result.preserved = preserve_unreadable(sidecar, *previous, now);
      notes += fmt::format(
          "the previous sidecar was unreadable ({}); its bytes are kept as \"{}\" and a new one was "
          "started\n",
          old.error, result.preserved.string());
    }
  }

  replace_scope(doc, update, std::move(race), std::move(bench), sidecar);
  const json written = written_document(doc, update, now);
  if (const auto problem = shape_error(written))
    throw std::invalid_argument(
        fmt::format("refusing to write \"{}\" for scope \"{}\": {}", sidecar.string(), update.scope, *problem));
  doc = written.get<document>();

  util::write_file_atomic(sidecar, util::json_text(written) + "\n");
  result.diff = notes + (before ? describe_changes(*before, doc) : std::string());
  // The archive keeps what a mint writes; unknown keys (which upsert keeps in the sidecar itself)
  // and runtime plans are left out, so a large foreign key cannot grow the history with every mint.
  document archived = doc;
  archived.runtime = json::object();
  archived.other = json::object();
  try {
    result.history_file = archive_mint(update.box, update.scope, util::json_text(json(archived)) + "\n", now);
  } catch (const std::exception& e) {
    throw std::runtime_error(
        fmt::format("sidecar \"{}\" was written, but archiving the mint failed: {}", sidecar.string(), e.what()));
  }
  return result;
}

}  // namespace tune::sidecar
