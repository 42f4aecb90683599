#include "sidecar/verdict.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "box/features.h"
#include "sidecar/format.h"
#include "util/atomic_file.h"
#include "util/elf.h"
#include "util/json_reader.h"
#include "util/sha256.h"

namespace tune::sidecar {
using nlohmann::json;

const char* to_string(verdict v) {
  switch (v) {
    case verdict::fresh:
      return "fresh";
    case verdict::absent:
      return "absent";
    case verdict::unreadable:
      return "unreadable";
    case verdict::stale_binary:
      return "stale_binary";
    case verdict::foreign_box:
      return "foreign_box";
    case verdict::version:
      return "version";
    case verdict::missing:
      return "missing";
    case verdict::emulated:
      return "emulated";
  }
  return "unknown";
}

loaded load_text(const std::filesystem::path& path, const std::string& text) {
  loaded out;
  out.path = path;
  json doc;
  try {
    doc = util::parse_json(text, path);
  } catch (const util::json_error& e) {
    out.error = e.where_and_what();
    return out;
  }
  if (auto problem = shape_error(doc)) {
    out.error = std::move(*problem);
    return out;
  }
  out.doc = doc.get<document>();
  return out;
}

loaded load(const std::filesystem::path& path) {
  loaded out;
  out.path = path;
  // A FIFO, a device or a file past the reader's bound is refused unread (util/atomic_file.h):
  // unreadable, never a hang.
  std::optional<util::file_snapshot> snapshot;
  try {
    snapshot = util::read_file_snapshot(path);
  } catch (const util::read_refused& e) {
    out.error = "the document: expected " + e.expected() + ", found " + e.found();
    return out;
  } catch (const std::runtime_error& e) {
    out.error = e.what();
    return out;
  }
  if (!snapshot) {
    out.absent = true;
    return out;
  }
  out = load_text(path, snapshot->content);
  out.mtime_ns = snapshot->mtime_ns;
  return out;
}

namespace {

struct context {
  const loaded& file;
  const expectation& want;
  std::string sidecar() const { return fmt::format("sidecar \"{}\"", file.path.string()); }
  std::string bench() const { return fmt::format("\"{}\"", want.bench.string()); }
  std::string remint() const { return fmt::format("build the \"tune-{}\" target to re-measure", want.scope); }
};

std::optional<judgement> judge_bench(const context& c, const scope_record& scope) {
  const bench_anchor& bench = scope.bench;
  // Sidecars written before code hashes recorded the whole file's: then the whole file decides.
  const bool by_code = bench.code_sha256.has_value();
  const std::string recorded = by_code ? *bench.code_sha256 : bench.sha256;
  const char* what = by_code ? "code sha256" : "sha256";
  if (!std::filesystem::exists(c.want.bench))
    return judgement{verdict::stale_binary,
                     fmt::format("stale_binary: {} is stale for scope \"{}\": its bench executable {} does not exist, "
                                 "so it cannot be checked against the {} {} recorded at the mint; {}.",
                                 c.sidecar(), c.want.scope, c.bench(), what, recorded, c.remint())};
  const std::string current = by_code ? util::code_sha256(c.want.bench) : util::sha256_file(c.want.bench);
  if (current != recorded)
    return judgement{verdict::stale_binary,
                     fmt::format("stale_binary: {} is stale for scope \"{}\": its bench executable {} has {} {}, but "
                                 "the mint measured {} {}; {}.",
                                 c.sidecar(), c.want.scope, c.bench(), what, current, what, recorded, c.remint())};
  return std::nullopt;
}

// Feature lists compared as sets; one that does not parse matches nothing.
bool same_features(const std::string& recorded, const std::string& now) {
  try {
    return box::split(recorded) == box::split(now);
  } catch (const std::invalid_argument&) {
    return false;
  }
}

std::optional<judgement> judge_box(const context& c, const provenance_record& provenance) {
  const std::string& box = provenance.box;
  if (box != c.want.box && provenance.applied_box != c.want.box)
    return judgement{verdict::foreign_box,
                     fmt::format("foreign_box: {} was measured on box \"{}\", not on this box \"{}\"; its winners for "
                                 "scope \"{}\" do not apply here; {}.",
                                 c.sidecar(), box, c.want.box, c.want.scope, c.remint())};
  // One identity string covers boxes that differ in features (a hypervisor that hides AMX, or
  // TUNE_FORCE_FEATURES then or now), so the features decide too, as sets: a sidecar that records
  // none can only be trusted on a box that has none (docs/design/sidecar-and-verdicts.md).
  const std::string recorded = provenance.features.value_or("");
  if (same_features(recorded, c.want.features)) return std::nullopt;
  const std::string forced = provenance.forced_features.value_or("");
  const std::string measured_with = provenance.features ? fmt::format("with features \"{}\"", recorded)
                                                        : std::string("without recording its features");
  return judgement{
      verdict::foreign_box,
      fmt::format("foreign_box: {} was measured on box \"{}\" {}{}, but this box's features are \"{}\"; its "
                  "winners for scope \"{}\" do not apply; {}.",
                  c.sidecar(), provenance.box, measured_with,
                  forced.empty() ? "" : fmt::format(" (TUNE_FORCE_FEATURES={})", forced), c.want.features, c.want.scope,
                  c.remint())};
}

std::vector<std::string> families_without_entry(const context& c, const document& doc, const scope_record& scope) {
  std::vector<std::string> missing;
  for (const std::string& family : c.want.families)
    if (!doc.seat_of(family) || !scope.lists(family)) missing.push_back(family);
  return missing;
}

}  // namespace

judgement judge(const loaded& file, const expectation& want) {
  const context c{file, want};
  if (file.absent)
    return {verdict::absent,
            fmt::format("absent: no sidecar at \"{}\": scope \"{}\" has not been tuned in this build tree; build the "
                        "\"tune-{}\" target to measure it.",
                        file.path.string(), want.scope, want.scope)};
  if (!file.doc)
    return {
        verdict::unreadable,
        fmt::format("unreadable: {} is unreadable ({}); its winners are ignored until a mint rewrites it; build the "
                    "\"tune-{}\" target.",
                    c.sidecar(), file.error, want.scope)};

  const document& doc = *file.doc;
  const scope_record* scope = doc.scope(want.scope);
  if (scope && want.check_bench)
    if (auto j = judge_bench(c, *scope)) return *j;
  if (auto j = judge_box(c, doc.provenance)) return *j;
  if (!scope)
    return {verdict::missing,
            fmt::format("missing: {} has no entry for scope \"{}\", so its families {} were never measured here; build "
                        "the \"tune-{}\" target to measure them.",
                        c.sidecar(), want.scope, fmt::join(want.families, ", "), want.scope)};

  const int version = scope->version;
  if (version != want.version)
    return {verdict::version,
            fmt::format("version: {} holds scope \"{}\" at version {}, but this build declares version {}; {}.",
                        c.sidecar(), want.scope, version, want.version, c.remint())};

  if (const auto missing = families_without_entry(c, doc, *scope); !missing.empty())
    return {verdict::missing,
            fmt::format("missing: {} has no entries for families {} of scope \"{}\"; build the \"tune-{}\" target to "
                        "measure them.",
                        c.sidecar(), fmt::join(missing, ", "), want.scope, want.scope)};
  return {verdict::fresh, fmt::format("fresh: {} is fresh for scope \"{}\".", c.sidecar(), want.scope)};
}

}  // namespace tune::sidecar
