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
#include "util/error_text.h"
#include "util/json_reader.h"
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
  const json provenance = u.provenance;
  for (const char* owned : {"box", "written", "tool"})
    if (provenance.contains(owned))
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
  const json update = u.provenance;
  for (const auto& [key, value] : update.items()) provenance[key] = value;
  provenance["box"] = u.box;
  provenance["written"] = util::utc_iso8601(now);
  provenance["tool"] = tool_name();
  return out;
}

// `<sidecar><middle>[-<n>].json` holding `bytes`, created only where nothing is, so no two mints
// (or two scopes of one mint) ever take one name.
fs::path create_unique_beside(const fs::path& sidecar, const std::string& middle, const std::string& bytes) {
  for (int n = 1;; ++n) {
    fs::path kept = sidecar;
    kept += middle + (n > 1 ? "-" + std::to_string(n) : "") + ".json";
    if (util::create_file_atomic(kept, bytes)) return kept;
  }
}

// An unreadable sidecar's bytes, under a name no later write can take: `<sidecar>.unreadable-<UTC
// time>[-<n>].json`.
fs::path preserve_unreadable(const fs::path& sidecar, const std::string& bytes,
                             std::chrono::system_clock::time_point now) {
  return create_unique_beside(sidecar, ".unreadable-" + util::utc_file_stamp(now), bytes);
}

// A mint's archive entry, kept beside the sidecar from just before the sidecar is replaced until
// the archive holds it (`<sidecar>.unarchived-<UTC time>[-<n>].json`): a mint killed in between,
// or one whose archive failed, is archived by the next mint of the sidecar (docs/sidecar.md).
// `written` is false until the sidecar is known to be replaced; the next mint then compares the
// sidecar's bytes with `sidecar_sha256`: under the lock nothing else wrote it since.
constexpr const char* unarchived_format = "tune-unarchived/1";

struct unarchived {
  fs::path file;
  nlohmann::json entry;
};

std::string archive_text(const document& doc) {
  // The archive keeps what a mint writes; unknown keys (which upsert keeps in the sidecar itself)
  // and runtime plans are left out, so a large foreign key cannot grow the history with every mint.
  document archived = doc;
  archived.runtime = json::object();
  archived.other = json::object();
  return util::json_text(json(archived)) + "\n";
}

unarchived keep_unarchived(const fs::path& sidecar, const scope_update& u, const std::string& sidecar_text,
                           const std::string& archive, std::chrono::system_clock::time_point now) {
  const json entry = {
      {"format", unarchived_format},
      {"box", u.box},
      {"scope", u.scope},
      {"bench", fs::absolute(u.bench).lexically_normal().string()},
      {"when_ms", std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count()},
      {"sidecar_sha256", util::sha256_hex(sidecar_text)},
      {"written", false},
      {"archive", archive}};
  return {create_unique_beside(sidecar, ".unarchived-" + util::utc_file_stamp(now), util::json_text(entry) + "\n"),
          entry};
}

// Archives what earlier mints left unarchived; `current` is the sidecar's bytes now. A file that
// is not such an entry is left as it is. Returns a note per mint archived.
std::string archive_left_over(const fs::path& sidecar, const std::optional<std::string>& current) {
  const std::string prefix = sidecar.filename().string() + ".unarchived-";
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(sidecar.parent_path().empty() ? "." : sidecar.parent_path(), ec), end;
       !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.starts_with(prefix) && name.ends_with(".json")) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  std::string notes;
  for (const fs::path& file : files) {
    json entry;
    std::string box, scope, bench, archive, sha;
    std::chrono::system_clock::time_point when;
    bool written = false;
    try {
      entry = util::read_json_file(file);
      const util::json_at at(entry, file);
      if (at["format"].string() != unarchived_format) continue;
      box = at["box"].string();
      scope = at["scope"].string();
      bench = at["bench"].string();
      archive = at["archive"].string();
      sha = at["sidecar_sha256"].string();
      written = at["written"].boolean();
      when = std::chrono::system_clock::time_point(
          std::chrono::milliseconds(at["when_ms"].integer(0, std::int64_t{1} << 53)));
    } catch (const std::runtime_error&) {
      continue;
    }
    const bool landed = written || (current && util::sha256_hex(*current) == sha);
    try {
      const fs::path archived =
          landed ? archive_mint(box, scope, archive, when)
                 : archive_failure(box, scope, bench, "the mint was killed before it replaced the sidecar", when);
      fs::remove(file);
      notes += fmt::format("archived as \"{}\" the mint of scope \"{}\" that an earlier run left unarchived\n",
                           archived.string(), scope);
    } catch (const std::runtime_error&) {
      // The history is still out of reach: the entry stays for the next mint, which can no longer
      // tell from the sidecar that it was written.
      if (landed && !written) {
        entry["written"] = true;
        util::write_file_atomic(file, util::json_text(entry) + "\n");
      }
    }
  }
  return notes;
}

// Replaces the sidecar and rotates `.bak` to `previous`; the `.bak` generation being rotated out is
// held until the sidecar is in place and put back when replacing it fails, so a failed write never
// costs a `.bak` (docs/sidecar.md).
void replace_with_backup(const fs::path& sidecar, const std::string& text, const fs::path& backup,
                         const std::optional<std::string>& previous) {
  std::optional<util::staged_file> next_backup;
  if (previous) next_backup.emplace(backup, *previous);
  std::optional<util::staged_file> older_backup = previous ? util::staged_file::hold(backup) : std::nullopt;
  util::staged_file next(sidecar, text);
  if (next_backup) next_backup->commit();
  try {
    next.commit();
  } catch (...) {
    if (older_backup) older_backup->commit();
    throw;
  }
}

// A mint that failed before the sidecar was replaced: the sidecar is as it was, and the history
// gets a `*.FAILED.json` stub with the reason. Rethrows the failure; when the stub cannot be
// archived either, the error says so too.
[[noreturn]] void fail_mint(const scope_update& u, const std::optional<unarchived>& pending, const std::exception& e,
                            std::chrono::system_clock::time_point now) {
  std::error_code ignored;  // a staged entry that cannot be removed is archived as killed by the next mint
  if (pending) fs::remove(pending->file, ignored);
  try {
    archive_failure(u.box, u.scope, fs::absolute(u.bench).lexically_normal(), util::error_text(e), now);
  } catch (const std::exception& archiving) {
    throw std::runtime_error(util::error_text(e) +
                             "; the failed mint could not be archived either: " + util::error_text(archiving));
  }
  throw;
}

}  // namespace

write_result upsert(const fs::path& sidecar, const scope_update& update, std::chrono::system_clock::time_point now) {
  validate(update);
  auto race = race_tables(sidecar, update);
  bench_anchor bench = bench_record(update);

  util::file_lock lock(sidecar);
  write_result result;
  std::optional<unarchived> pending;
  bool replaced = false;
  try {
    std::string notes;
    document doc;
    std::optional<document> before;
    const auto previous = util::read_file(sidecar);
    notes += archive_left_over(sidecar, previous);
    if (previous) {
      result.had_previous = true;
      result.backup = sidecar;
      result.backup += ".bak";
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

    result.diff = notes + (before ? describe_changes(*before, doc) : std::string());
    const std::string text = util::json_text(written) + "\n";
    pending = keep_unarchived(sidecar, update, text, archive_text(doc), now);
    replace_with_backup(sidecar, text, result.backup, previous);
    replaced = true;
  } catch (const std::exception& e) {
    if (replaced) throw;
    fail_mint(update, pending, e, now);
  }
  try {
    result.history_file = archive_mint(update.box, update.scope, pending->entry["archive"].get<std::string>(), now);
    std::error_code ignored;  // archived; an entry left is archived once more by the next mint, never lost
    fs::remove(pending->file, ignored);
  } catch (const std::exception& e) {
    pending->entry["written"] = true;
    try {
      util::write_file_atomic(pending->file, util::json_text(pending->entry) + "\n");
    } catch (const std::runtime_error&) {
      // Unmarked, the entry is still archived by the next mint: the sidecar holds what it says.
    }
    throw std::runtime_error(fmt::format(
        "sidecar \"{}\" was written, but archiving the mint failed: {}; the next mint of it archives this one",
        sidecar.string(), util::error_text(e)));
  }
  return result;
}

}  // namespace tune::sidecar
