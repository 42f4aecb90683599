#include "sidecar/verdict.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "sidecar/format.h"
#include "util/atomic_file.h"
#include "util/sha256.h"
#include "util/utc_time.h"

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
  }
  return "unknown";
}

loaded load_text(const std::filesystem::path& path, const std::string& text) {
  loaded out;
  out.path = path;
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    out.error = e.what();
    return out;
  }
  if (auto problem = shape_error(doc)) {
    out.error = std::move(*problem);
    return out;
  }
  out.doc = std::move(doc);
  return out;
}

loaded load(const std::filesystem::path& path) {
  std::optional<util::file_snapshot> snapshot;
  try {
    snapshot = util::read_file_snapshot(path);
  } catch (const std::runtime_error& e) {
    loaded out;
    out.path = path;
    out.error = e.what();
    return out;
  }
  if (!snapshot) {
    loaded out;
    out.path = path;
    out.absent = true;
    return out;
  }
  loaded out = load_text(path, snapshot->content);
  out.mtime_ns = snapshot->mtime_ns;
  return out;
}

namespace {

constexpr long long ns_per_s = 1'000'000'000LL;

// Same second with one side lacking sub-second precision (e.g. a filesystem that stores whole
// seconds): the times cannot order the two, so the content hash alone decides.
bool newer(long long bench_ns, long long sidecar_ns) {
  if (bench_ns <= sidecar_ns) return false;
  const bool same_second = bench_ns / ns_per_s == sidecar_ns / ns_per_s;
  const bool coarse = bench_ns % ns_per_s == 0 || sidecar_ns % ns_per_s == 0;
  return !(same_second && coarse);
}

struct context {
  const loaded& file;
  const expectation& want;
  std::string sidecar() const { return fmt::format("Sidecar \"{}\"", file.path.string()); }
  std::string bench() const { return fmt::format("\"{}\"", want.bench.string()); }
  std::string remint() const { return fmt::format("build the \"tune-{}\" target to re-measure", want.scope); }
};

std::optional<judgement> judge_bench(const context& c, const json& scope) {
  const std::string recorded = scope.at("bench").at("sha256").get<std::string>();
  const auto bench_ns = util::mtime_ns(c.want.bench);
  if (!bench_ns)
    return judgement{verdict::stale_binary,
                     fmt::format("{} is stale for scope \"{}\": its bench executable {} does not exist, so it "
                                 "cannot be checked against the sha256 {} recorded at the mint; {}.",
                                 c.sidecar(), c.want.scope, c.bench(), recorded, c.remint())};
  if (newer(*bench_ns, c.file.mtime_ns))
    return judgement{verdict::stale_binary,
                     fmt::format("{} is stale for scope \"{}\": its bench executable {} was modified at {}, "
                                 "after the sidecar was written at {}; {}.",
                                 c.sidecar(), c.want.scope, c.bench(), util::utc_iso8601_ns(*bench_ns),
                                 util::utc_iso8601_ns(c.file.mtime_ns), c.remint())};
  const std::string current = util::sha256_file(c.want.bench);
  if (current != recorded)
    return judgement{verdict::stale_binary,
                     fmt::format("{} is stale for scope \"{}\": its bench executable {} has sha256 {}, but the "
                                 "mint measured sha256 {}; {}.",
                                 c.sidecar(), c.want.scope, c.bench(), current, recorded, c.remint())};
  return std::nullopt;
}

std::optional<judgement> judge_box(const context& c, const json& provenance) {
  const std::string box = provenance.at("box").get<std::string>();
  if (box == c.want.box) return std::nullopt;
  if (provenance.value("applied_box", std::string()) == c.want.box) return std::nullopt;
  return judgement{verdict::foreign_box,
                   fmt::format("{} was measured on box \"{}\", not on this box \"{}\"; its winners for scope "
                               "\"{}\" do not apply here; {}.",
                               c.sidecar(), box, c.want.box, c.want.scope, c.remint())};
}

std::vector<std::string> families_without_entry(const context& c, const json& doc, const json& scope) {
  const json& listed = scope.at("families");
  std::vector<std::string> missing;
  for (const std::string& family : c.want.families) {
    const bool seated = doc.at("kernels").contains(family);
    const bool belongs = std::find(listed.begin(), listed.end(), family) != listed.end();
    if (!seated || !belongs) missing.push_back(family);
  }
  return missing;
}

}  // namespace

judgement judge(const loaded& file, const expectation& want) {
  const context c{file, want};
  if (file.absent)
    return {verdict::absent,
            fmt::format("No sidecar at \"{}\": scope \"{}\" has not been tuned in this build tree; build the "
                        "\"tune-{}\" target to measure it.",
                        file.path.string(), want.scope, want.scope)};
  if (!file.doc)
    return {verdict::unreadable,
            fmt::format("{} is unreadable ({}); its winners are ignored until a mint rewrites it; build the "
                        "\"tune-{}\" target.",
                        c.sidecar(), file.error, want.scope)};

  const json& doc = *file.doc;
  const auto scope = doc.at("scopes").find(want.scope);
  const bool recorded = scope != doc.at("scopes").end();
  if (recorded)
    if (auto j = judge_bench(c, *scope)) return *j;
  if (auto j = judge_box(c, doc.at("provenance"))) return *j;
  if (!recorded)
    return {verdict::missing,
            fmt::format("{} has no entry for scope \"{}\", so its families {} were never measured here; build "
                        "the \"tune-{}\" target to measure them.",
                        c.sidecar(), want.scope, fmt::join(want.families, ", "), want.scope)};

  const int version = scope->at("version").get<int>();
  if (version != want.version)
    return {verdict::version,
            fmt::format("{} holds scope \"{}\" at version {}, but this build declares version {}; {}.", c.sidecar(),
                        want.scope, version, want.version, c.remint())};

  if (const auto missing = families_without_entry(c, doc, *scope); !missing.empty())
    return {verdict::missing,
            fmt::format("{} has no entries for families {} of scope \"{}\"; build the \"tune-{}\" target to "
                        "measure them.",
                        c.sidecar(), fmt::join(missing, ", "), want.scope, want.scope)};
  return {verdict::fresh, fmt::format("{} is fresh for scope \"{}\".", c.sidecar(), want.scope)};
}

}  // namespace tune::sidecar
