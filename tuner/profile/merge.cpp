#include "profile/merge.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "box/classes.h"
#include "profile/export.h"

namespace tune::profile {

namespace {

// A family's recorded pools (format.h threads, cpus), -1 where a profile records none.
std::pair<int, int> pools_of(const profile& p, const std::string& family) {
  const auto threads = p.threads.find(family);
  const auto cpus = p.cpus.find(family);
  return {threads == p.threads.end() ? -1 : threads->second, cpus == p.cpus.end() ? -1 : cpus->second};
}

// The families whose seats differ between two profiles of one class, an entry on one side only
// included. A seat raced under other pools is another seat (profile/adoption.h pools_mismatch).
std::vector<std::string> differing_seats(const profile& a, const profile& b) {
  std::vector<std::string> out;
  for (const auto& [family, seat] : a.kernels) {
    const auto other = b.kernels.find(family);
    if (other == b.kernels.end() || other->second != seat || pools_of(a, family) != pools_of(b, family))
      out.push_back(family);
  }
  for (const auto& [family, seat] : b.kernels)
    if (!a.kernels.count(family)) out.push_back(family);
  std::sort(out.begin(), out.end());
  return out;
}

void check_scope(const profile& p, const manifest& m) {
  if (p.scope != m.scope)
    throw merge_refused(
        fmt::format("profile {} is of scope {}, not {} ({}); merge each scope's profiles into its "
                    "own DEFAULTS folder",
                    p.file.string(), p.scope, m.scope, m.file.string()));
  if (p.version != m.version)
    throw merge_refused(
        fmt::format("profile {} was minted for VERSION {} of scope {}, and the scope is at VERSION "
                    "{}; mint and export it again with this version",
                    p.file.string(), p.version, p.scope, m.version));
}

}  // namespace

void check_class(const profile& p) {
  const auto& table = box::class_table();
  const auto known = std::find_if(table.begin(), table.end(), [&](const box::cpu_class& c) { return c.name == p.cls; });
  if (known == table.end()) {
    if (box::is_fallback_class(p.cls)) return;  // a class with no features to contradict
    throw merge_refused(
        fmt::format("profile {} names class {}, which is no CPU class cmake-tune knows; export it "
                    "again with `tune profile export`",
                    p.file.string(), p.cls));
  }
  if (p.features.empty()) return;  // an older profile without provenance.features
  const auto recorded = box::classify(known->arch, p.features);
  if (recorded != p.cls)
    throw merge_refused(
        fmt::format("profile {} says class {}, but the features it records (provenance.features) "
                    "place a box in {}; it was edited or exported wrongly: export it again",
                    p.file.string(), p.cls, recorded));
}

std::vector<std::string> merge(const std::vector<std::filesystem::path>& inputs, const merge_options& options) {
  std::map<std::string, profile> incoming;  // class -> the profile that goes there
  std::string scope;
  int version = 0;
  for (const auto& input : inputs) {
    auto p = read_profile(input);
    check_class(p);
    if (options.scope) check_scope(p, *options.scope);
    if (!scope.empty() && (p.scope != scope || p.version != version))
      throw merge_refused(
          fmt::format("profile {} is of scope {} VERSION {}, and the others given are of scope {} "
                      "VERSION {}; merge one scope and version at a time",
                      input.string(), p.scope, p.version, scope, version));
    scope = p.scope;
    version = p.version;
    const auto same = incoming.find(p.cls);
    if (same != incoming.end()) {
      const auto differ = differing_seats(same->second, p);
      if (!differ.empty())
        throw merge_refused(
            fmt::format("profiles {} and {} are both of class {} and seat {} differently; keep the "
                        "one measured on the quieter runner and give only it",
                        same->second.file.string(), input.string(), p.cls, fmt::join(differ, ", ")));
      continue;
    }
    incoming.emplace(p.cls, std::move(p));
  }

  std::vector<std::string> lines;
  std::vector<std::pair<const profile*, std::filesystem::path>> writes;
  for (const auto& [cls, p] : incoming) {
    const auto target = profile_path(options.into, cls);
    if (!std::filesystem::exists(target)) {
      lines.push_back(fmt::format("{}: added as {}", cls, target.string()));
      writes.emplace_back(&p, target);
      continue;
    }
    const auto present = read_profile(target);
    if (present.scope != p.scope || present.version != p.version)
      throw merge_refused(
          fmt::format("{} is a profile of scope {} VERSION {}, and {} is of scope {} VERSION {}; "
                      "a DEFAULTS folder holds one scope at one version: remove the old file if the "
                      "scope's version moved on",
                      target.string(), present.scope, present.version, p.file.string(), p.scope, p.version));
    const auto differ = differing_seats(present, p);
    if (differ.empty()) {
      lines.push_back(fmt::format("{}: unchanged ({} has the same seats)", cls, target.string()));
      continue;
    }
    if (!options.replace)
      throw merge_refused(
          fmt::format("class {}: {} seats {} differently from the committed {}; pass --replace to "
                      "let the new profile win, or leave it out to keep the committed one",
                      cls, p.file.string(), fmt::join(differ, ", "), target.string()));
    lines.push_back(fmt::format("{}: replaced {} (seats of {} differ)", cls, target.string(), fmt::join(differ, ", ")));
    writes.emplace_back(&p, target);
  }
  if (!writes.empty()) std::filesystem::create_directories(options.into);
  for (const auto& [p, target] : writes) write_profile(*p, target);
  return lines;
}

std::vector<std::string> check(const manifest& m) {
  std::vector<std::string> problems;
  if (m.defaults.empty()) {
    problems.push_back(fmt::format("scope {} has no DEFAULTS folder (tune_scope(... DEFAULTS <dir>))", m.scope));
    return problems;
  }
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(m.defaults, ec))
    if (entry.path().filename().string().ends_with(".tune-defaults.json")) files.push_back(entry.path());
  if (ec) {
    problems.push_back(fmt::format("the DEFAULTS folder {} cannot be read ({})", m.defaults.string(), ec.message()));
    return problems;
  }
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    profile p;
    try {
      p = read_profile(file);
      check_class(p);
      check_scope(p, m);
    } catch (const std::runtime_error& e) {
      problems.push_back(e.what());
      continue;
    }
    if (file.filename() != profile_path({}, p.cls).filename())
      problems.push_back(fmt::format("{} holds class {}: name it {}", file.string(), p.cls,
                                     profile_path(m.defaults, p.cls).filename().string()));
    const auto promised = box::class_features(p.cls);
    for (const auto& [seat, suffix] : p.kernels) {
      const auto* family = m.family(seat);
      if (!family) {
        problems.push_back(fmt::format("{}: kernels.{} names no family of scope {} (families: {})", file.string(), seat,
                                       m.scope, fmt::join(m.family_names(), ", ")));
        continue;
      }
      if (suffix == "reference") continue;
      // Raced under other pools than the family declares, the seat is raced on every box instead
      // (profile/adoption.h pools_mismatch): a profile that no box can adopt.
      if (const auto t = p.threads.find(seat); t != p.threads.end() && t->second != family->threads)
        problems.push_back(
            fmt::format("{}: threads.{} is {}, but the family declares THREADS {}; re-mint and "
                        "re-export it",
                        file.string(), seat, t->second == 0 ? "all" : std::to_string(t->second),
                        family->threads == 0 ? "all" : std::to_string(family->threads)));
      const auto* row = family->row(suffix);
      if (!row) {
        problems.push_back(
            fmt::format("{}: kernels.{} is {}, which is no row of the family", file.string(), seat, suffix));
        continue;
      }
      if (!row_runs(*row, promised))
        problems.push_back(fmt::format("{}: kernels.{} is {}, which class {} cannot run ({})", file.string(), seat,
                                       suffix, p.cls, why_row_cannot_run(*row, promised)));
    }
  }
  return problems;
}

}  // namespace tune::profile
