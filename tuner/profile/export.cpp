#include "profile/export.h"

#include <set>
#include <vector>

#include <fmt/format.h>

#include "box/classes.h"

#include "util/atomic_file.h"
#include "util/json_file.h"

namespace tune::profile {

const char* to_string(refusal r) {
  switch (r) {
    case refusal::absent:
      return "absent";
    case refusal::unreadable:
      return "unreadable";
    case refusal::stale:
      return "stale";
    case refusal::incomplete:
      return "incomplete";
    case refusal::noise_refused:
      return "noise-refused";
    case refusal::other_class:
      return "other-class";
  }
  return "?";
}

namespace {

// The features of `features` that lift a box above `cls`: those some class adds that `cls` lacks.
std::vector<std::string> features_above(const std::string& cls, const box::feature_set& features) {
  const auto own = box::class_features(cls);
  std::set<std::string> above;
  for (const auto& c : box::class_table())
    for (const auto& f : c.features)
      if (!own.count(f) && features.count(f)) above.insert(f);
  return {above.begin(), above.end()};
}

[[noreturn]] void refuse(const manifest& m, refusal why, const std::string& evidence) {
  throw export_refused(why, fmt::format("tune-profile-export refuses scope {}: the sidecar is {}: {} Mint it first: {}",
                                        m.scope, to_string(why), evidence, tune::tune_command(m)));
}

}  // namespace

profile make_profile(const manifest& m, const sidecar::loaded& file, const sidecar::judgement& judged,
                     const std::string& tool, const std::string& for_class, const std::optional<box::cpu_maker>& cpu) {
  using sidecar::verdict;
  switch (judged.v) {
    case verdict::fresh:
      break;
    case verdict::absent:
      refuse(m, refusal::absent, judged.message);
    case verdict::unreadable:
      refuse(m, refusal::unreadable, judged.message);
    case verdict::stale_binary:
    case verdict::foreign_box:
    case verdict::version:
      refuse(m, refusal::stale, fmt::format("({}) {}", sidecar::to_string(judged.v), judged.message));
    case verdict::missing:
      refuse(m, refusal::incomplete, judged.message);
    case verdict::emulated:
      refuse(m, refusal::absent, judged.message);
  }
  const sidecar::document& doc = *file.doc;
  const auto* scope_entry = doc.scope(m.scope);
  if (!scope_entry || !scope_entry->complete)
    refuse(m, refusal::incomplete, fmt::format("scopes.{}.complete is false in {}.", m.scope, file.path.string()));
  for (const auto& family : m.families) {
    if (const auto* race = doc.race_of(family.name); race && race->outcome() == race::verdict::budget)
      refuse(m, refusal::incomplete,
             fmt::format("family {} kept its fallback because the mint's BUDGET ran out before it was raced.",
                         family.name));
  }
  const auto& prov = doc.provenance;
  // The class first: a sidecar of another class is refused whatever else is true of it.
  const std::string cls = prov.cls.value_or("");
  if (cls.empty()) refuse(m, refusal::incomplete, fmt::format("provenance.class is absent in {}.", file.path.string()));
  if (!for_class.empty()) {
    box::class_features(for_class);  // an unknown class throws, naming the known ones
    if (cls != for_class) {
      const auto features = box::split(prov.features.value_or(""));
      const auto above = features_above(for_class, features);
      std::string fix;
      for (const auto& f : above) fix += (fix.empty() ? "-" : ",-") + f;
      throw export_refused(
          refusal::other_class,
          fmt::format("tune-profile-export refuses scope {}: the sidecar is other-class: it was minted as {} (features "
                      "{}), not {}. {}",
                      m.scope, cls, prov.features.value_or(""), for_class,
                      above.empty()
                          ? fmt::format("This box lacks features {} needs; mint on a box that has them.", for_class)
                          : fmt::format("Mint it as {} first, and export under the same variable: "
                                        "TUNE_FORCE_FEATURES={} {}",
                                        for_class, fix, tune::tune_command(m))));
    }
  }

  const std::string noise = prov.noise.value_or("");
  if (noise != "ok")
    refuse(m, refusal::noise_refused,
           fmt::format("provenance.noise is '{}' ({}), not 'ok'; a profile must not carry winners measured through "
                       "noise.",
                       noise, prov.noise_probes.value_or("no probes recorded")));
  profile p;
  p.scope = m.scope;
  p.cls = cls;
  p.version = m.version;
  for (const auto& family : m.families) {
    // A fresh verdict means every family has one; a judgement given with another file does not.
    const std::string* seat = doc.seat_of(family.name);
    if (!seat)
      refuse(m, refusal::incomplete,
             fmt::format("family {} has no kernels entry in {}.", family.name, file.path.string()));
    p.kernels[family.name] = *seat;
    // The pools it raced with travel with the seat: a box adopts it only if it can run them
    // (profile/adoption.h). For `all` that is the allocation the race table recorded.
    p.threads[family.name] = family.threads;
    if (family.threads == 0) {
      const auto* race = doc.race_of(family.name);
      if (!race || !race->cores)
        refuse(m, refusal::incomplete,
               fmt::format("family {} declares THREADS all, and its race table in {} records no cores (it was "
                           "adopted, or raced before pools were set), so no box size can be given for its seat.",
                           family.name, file.path.string()));
      p.cpus[family.name] = *race->cores;
    }
  }
  p.features = box::split(prov.features.value_or(""));
  p.provenance = {{"features", prov.features.value_or("")},
                  {"tool", tool},
                  {"compiler", prov.compiler.value_or(m.compiler)},
                  {"noise", noise}};
  // A class minted below the box's own by taking features away says so: its seats were raced on a
  // box of a higher class (docs/profiles-and-policy.md).
  if (prov.forced_features && !prov.forced_features->empty()) p.provenance["forced"] = *prov.forced_features;
  if (cpu) p.provenance["cpu"] = {{"maker", cpu->maker}, {"model", cpu->model}};
  return p;
}

void write_profile(const profile& p, const std::filesystem::path& out) {
  if (std::filesystem::exists(out)) {
    const auto existing = read_profile(out);
    if (existing.scope != p.scope)
      throw std::runtime_error(
          fmt::format("tune-profile-export: {} holds scope {}'s profile; scope {} would overwrite "
                      "it. Give each scope its own DEFAULTS folder.",
                      out.string(), existing.scope, p.scope));
  }
  util::write_file_atomic(out, util::json_text(to_json(p)) + "\n");
}

}  // namespace tune::profile
