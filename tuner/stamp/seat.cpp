#include "stamp/seat.h"

#include <fmt/format.h>

#include "box/requires.h"
#include "race/table.h"
#include "profile/adoption.h"
#include "util/json_reader.h"

namespace tune::stamp {

const char* to_string(source s) {
  switch (s) {
    case source::sidecar:
      return "sidecar";
    case source::profile:
      return "profile";
    case source::fallback:
      return "fallback";
    case source::reference:
      return "reference";
  }
  return "?";
}

std::string source_text(const seat& s) {
  if (s.from == source::profile) return "profile " + s.profile_class;
  return to_string(s.from);
}

bool runnable(const row_decl& row, const box::feature_set& features) { return row_runs(row, features); }

std::string resolve_fallback(const family_decl& family, const box::feature_set& features) {
  for (const auto& suffix : family.fallback)
    if (const auto* row = family.row(suffix); row && runnable(*row, features)) return suffix;
  return family.reference;
}

namespace {

// The fresh sidecar's entry, when it names a row that runs here (or is `reference`).
bool take_sidecar(seat& s, const family_decl& family, const seat_inputs& in) {
  if (!in.fresh_sidecar) {
    s.steps.push_back(fmt::format("sidecar: not used ({})", in.sidecar_reason));
    return false;
  }
  const std::string* seated = in.fresh_sidecar->seat_of(family.name);
  if (!seated) {
    s.steps.push_back("sidecar: no entry for this family");
    return false;
  }
  const std::string entry = *seated;
  if (entry == "reference") {
    s.suffix = family.reference;
    s.from = source::reference;
    s.steps.push_back("sidecar: the entry is `reference`, which forces the reference row");
    return true;
  }
  const auto* row = family.row(entry);
  if (!row) {
    // The name is the file's, not a row's: shown bounded and printable.
    const std::string shown = util::printable(entry, 64);
    s.steps.push_back(fmt::format("sidecar: entry '{}' is no row of the family", shown));
    s.problems.push_back(fmt::format("the sidecar seats it on row '{}', which the family does not have", shown));
    return false;
  }
  if (!runnable(*row, in.features)) {
    s.steps.push_back(
        fmt::format("sidecar: row {} cannot run here ({})", entry, why_row_cannot_run(*row, in.features)));
    s.problems.push_back(fmt::format("the sidecar seats it on row {}, which cannot run here ({})", entry,
                                     why_row_cannot_run(*row, in.features)));
    return false;
  }
  s.suffix = entry;
  s.from = source::sidecar;
  const auto* race = in.fresh_sidecar->race_of(family.name);
  if (race) {
    s.race_verdict = race->outcome();
    // A margin belongs to a row that won its seat; the fallback in its own seat has none.
    if (s.race_verdict == race::verdict::won && race->winner == entry) s.margin_pct = race->margin_pct;
    if (race->demoted) {
      s.demoted = race->demoted;
      s.demoted_margin_pct = race->demoted_margin_pct;
    }
  }
  if (race && race->adopted()) {
    s.adopted_from = race->profile.value_or("");
    s.steps.push_back(fmt::format("sidecar: {} (adopted from profile {})", entry, s.adopted_from));
  } else {
    if (const auto t = race ? race::time_of(*race, s.suffix) : std::nullopt) {
      s.median_ns = t->median_ns;
      s.rate = t->rate;
    }
    s.steps.push_back(fmt::format("sidecar: {} (measured on this box)", entry));
  }
  return true;
}

// The profiles along the ladder: each found seat, or why a rung gives nothing, in ladder order.
bool take_profile(seat& s, const family_decl& family, const seat_inputs& in) {
  const auto try_profiles = [&](const std::vector<profile::profile>& profiles) {
    std::vector<std::string> passed_over;
    if (auto found = profile::find_profile_seat(family, profiles, in.features, &passed_over)) {
      s.suffix = found->suffix;
      s.from = found->forced_reference ? source::reference : source::profile;
      s.profile_class = found->cls;
      s.steps.insert(s.steps.end(), found->steps.begin(), found->steps.end());
      return true;
    }
    s.steps.insert(s.steps.end(), passed_over.begin(), passed_over.end());
    return false;
  };
  if (in.rungs && in.profiles) {
    for (const auto& r : *in.rungs) {
      if (!r.usable) {
        s.steps.push_back(r.note);
        continue;
      }
      const bool found = try_profiles({in.profiles->at(*r.usable)});
      s.steps.back() += fmt::format(" [{}]", r.file.string());
      if (found) return true;
    }
    return false;
  }
  for (const auto& note : in.profile_notes) s.steps.push_back(note);
  return in.profiles && try_profiles(*in.profiles);
}

bool take_fallback(seat& s, const family_decl& family, const seat_inputs& in) {
  for (const auto& suffix : family.fallback) {
    const auto* row = family.row(suffix);
    if (row && runnable(*row, in.features)) {
      s.suffix = suffix;
      s.from = source::fallback;
      s.steps.push_back(fmt::format("fallback chain: {} is the first row runnable here", suffix));
      return true;
    }
    s.steps.push_back(fmt::format("fallback chain: {} cannot run here ({})", suffix,
                                  row ? why_row_cannot_run(*row, in.features) : "no such row"));
  }
  return false;
}

seat resolve_family_seat(const family_decl& family, const seat_inputs& in) {
  seat s;
  s.fallback = resolve_fallback(family, in.features);
  if (in.force_reference) {
    s.suffix = family.reference;
    s.from = source::reference;
    s.steps.push_back("TUNE_POLICY=reference: every family stamps its reference row");
    return s;
  }
  detail::order::walk([&](source step) {
    switch (step) {
      case source::sidecar:
        return take_sidecar(s, family, in);
      case source::profile:
        return take_profile(s, family, in);
      case source::fallback:
        return take_fallback(s, family, in);
      case source::reference:
        s.suffix = family.reference;
        s.from = source::reference;
        s.steps.push_back(fmt::format("reference: {}", family.reference));
        return true;
    }
    return false;
  });
  return s;
}

}  // namespace

companion_seat resolve_companion_seat(const family_decl& family, const companion_decl& companion,
                                      const seat& family_seat, const seat_inputs& in) {
  companion_seat c{companion.name, family_seat.suffix, false, ""};
  const auto follow = [&](const std::string& why) {
    c.step = fmt::format("companion {}: {} ({})", companion.name, family_seat.suffix, why);
    return c;
  };
  if (family_seat.from != source::sidecar || !in.fresh_sidecar)
    return follow("follows the family, whose seat is not the sidecar's");
  const std::string* own = in.fresh_sidecar->seat_of(family.companion_key(companion));
  if (!own) return follow("follows the family: no entry of its own");
  const std::string entry = *own;
  const auto* race = in.fresh_sidecar->race_of(family.name);
  const bool measured = race && race->companions && race->companions->count(companion.name) &&
                        race->companions->at(companion.name) == entry;
  if (!measured)
    return follow(
        fmt::format("follows the family: its entry {} is not in race.{}.companions, so it was not "
                    "measured in the race that seated the family",
                    entry, family.name));
  const auto* row = family.row(entry);
  if (!row) return follow(fmt::format("follows the family: its entry '{}' is no row of the family", entry));
  if (!runnable(*row, in.features))
    return follow(fmt::format("follows the family: its entry {} cannot run here ({})", entry,
                              why_row_cannot_run(*row, in.features)));
  c.suffix = entry;
  c.own_entry = true;
  c.step =
      fmt::format("companion {}: {} (its own sidecar entry, measured within the family's grid)", companion.name, entry);
  return c;
}

seat resolve_seat(const family_decl& family, const seat_inputs& in) {
  const auto is_c = [&](const std::string& suffix) {
    const auto* row = family.row(suffix);
    return row && row->linkage == "C";
  };
  seat s = resolve_family_seat(family, in);
  s.c_linkage = is_c(s.suffix);
  for (const auto& companion : family.companions) {
    s.companions.push_back(resolve_companion_seat(family, companion, s, in));
    s.companions.back().c_linkage = is_c(s.companions.back().suffix);
    s.steps.push_back(s.companions.back().step);
  }
  return s;
}

}  // namespace tune::stamp
