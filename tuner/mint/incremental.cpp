#include "mint/incremental.h"

#include <algorithm>
#include <system_error>

#include <fmt/format.h>
#include <fmt/ranges.h>

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
  return std::nullopt;
}

namespace {

// Why `last` cannot stand for anything measured now, whatever the family's code.
std::optional<std::string> why_not_comparable(const race::race_table* last, const remint_basis& basis) {
  // An untimed table that is not the budget's still measured something: every runnable row had
  // one code, or one row could run here.
  if (!last || last->adopted() || last->outcome() == race::verdict::budget)
    return std::string("it has no race measured on this box");
  if (last->tool != basis.tool)
    return fmt::format("its last race was measured by {}, not {}", last->tool.value_or("an older tool"), basis.tool);
  if (last->compiler != basis.compiler)
    return fmt::format("its last race was compiled by {}, not {}", last->compiler.value_or("an unrecorded compiler"),
                       basis.compiler);
  return std::nullopt;
}

}  // namespace

namespace {

// A searched family (cmake/tune/Search.cmake) is searched again when the code its rows compile from
// changed (what its template row's compile read), or a row it visited has other code now; the rows
// it never visited have no code to compare.
std::optional<std::string> why_search_again(const family_decl& family, const race::race_table& last) {
  if (!last.search) return std::string("its last race was not a search");
  const row_decl* templ = family.row(family.search->template_row);
  if (!templ || !templ->identity || !templ->identity->inputs_sha256)
    return fmt::format("its row {} has no record of what its compile read", family.search->template_row);
  if (last.search->template_inputs_sha256 != *templ->identity->inputs_sha256)
    return std::string("the sources and headers its rows compile from changed");
  for (const auto& [suffix, row] : last.rows) {
    const row_decl* decl = family.row(suffix);
    if (!decl) return fmt::format("row {} is gone", suffix);
    if (decl->identity && row.code_sha256 && *row.code_sha256 != decl->identity->code_sha256)
      return fmt::format("row {}'s code changed", suffix);
  }
  for (const auto& suffix : family.fallback)
    if (!last.rows.count(suffix)) return fmt::format("row {} is new", suffix);
  if (!last.rows.count(family.reference)) return fmt::format("row {} is new", family.reference);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> why_race_again(const family_decl& family, const std::optional<std::string>& fixture_code,
                                          const race::race_table* last, const remint_basis& basis) {
  if (auto why = why_not_comparable(last, basis)) return why;
  if (!fixture_code) return std::string("its fixture's code identity is unknown");
  if (!last->fixture_sha256) return std::string("its last race recorded no fixture code identity");
  if (*last->fixture_sha256 != *fixture_code) return std::string("its fixture's code changed");
  if (family.search) return why_search_again(family, *last);
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
    if (it->second.rejected == race::not_asked_text) return fmt::format("row {} was not raced", row.suffix);
  }
  for (const auto& [suffix, _] : last->rows)
    if (!family.row(suffix)) return fmt::format("row {} is gone", suffix);
  return std::nullopt;
}

std::map<std::string, race::row_failure> known_failures(const family_decl& family,
                                                        const std::optional<std::string>& fixture_code,
                                                        const race::race_table* last, const remint_basis& basis) {
  std::map<std::string, race::row_failure> out;
  if (why_not_comparable(last, basis) || !fixture_code || last->fixture_sha256 != fixture_code) return out;
  // A wrong output is wrong against the reference's, and a time limit comes from its calls: with
  // another reference, every failure is retried.
  const row_decl* reference = family.row(family.reference);
  const auto ref = last->rows.find(family.reference);
  if (!reference || !reference->identity || ref == last->rows.end() ||
      ref->second.code_sha256 != reference->identity->code_sha256)
    return out;
  for (const auto& row : family.rows) {
    const auto it = last->rows.find(row.suffix);
    if (it == last->rows.end() || !row.identity || it->second.code_sha256 != row.identity->code_sha256) continue;
    const auto& failed = it->second.last_fail_reason;
    if (!failed || failed->stage == "compile" || failed->stage == "isolate" || failed->stage == "link") continue;
    out[row.suffix] = *failed;
  }
  return out;
}

void keep_unchanged(race_plan& plan, const manifest& m, const sidecar::document* doc, const remint_basis& basis,
                    const fixture_identity& fixture_of, std::string cause) {
  if (const auto why = why_race_everything(doc, basis)) {
    if (basis.all)
      plan.why = *why;
    else if (*why != basis.beside_bench.message)
      plan.why += fmt::format(" ({})", *why);
    return;
  }
  // Why the family must race, or nullopt when its last race stands (it has a seat, too).
  const auto race_again = [&](const std::string& name) -> std::optional<std::string> {
    const family_decl* f = m.family(name);
    if (!f) return std::string("it is not in the manifest");
    if (!doc->seat_of(name)) return std::string("it has no seat in the sidecar");
    return why_race_again(*f, fixture_of(*f), doc->race_of(name), basis);
  };
  std::vector<std::string> raced, reasons;
  for (const auto& name : plan.families) {
    if (const auto why = race_again(name)) {
      raced.push_back(name);
      reasons.push_back(fmt::format("{}: {}", name, *why));
    } else
      plan.kept.push_back(name);
  }
  // A measurement of the code a family has now beats a profile's seat for it.
  for (auto it = plan.adopted.begin(); it != plan.adopted.end();) {
    if (const auto* last = doc->race_of(it->first); last && !last->adopted() && !race_again(it->first)) {
      plan.kept.push_back(it->first);
      it = plan.adopted.erase(it);
    } else
      ++it;
  }
  for (const auto& name : plan.kept)
    plan.why_kept.emplace(name, "its last race on this box measured the code it has now");
  plan.families = std::move(raced);
  for (const auto& name : plan.families)
    if (const family_decl* f = m.family(name))
      if (auto failed = known_failures(*f, fixture_of(*f), doc->race_of(name), basis); !failed.empty())
        plan.known_failures[name] = std::move(failed);
  plan.why = reasons.empty() ? "every family's last race on this box measured the code it has now"
                             : fmt::format("{}", fmt::join(reasons, "; "));
  if (!cause.empty()) plan.why += "; " + cause;
}

std::vector<std::string> new_rows(const family_decl& family, const race::race_table& last) {
  const auto same_code = [&](const row_decl& row, const race::race_row& entry) {
    return !row.left_out && row.identity && entry.code_sha256 == row.identity->code_sha256;
  };
  // A failure is judged against the reference's output and calls: it stands with the same reference.
  const row_decl* reference = family.row(family.reference);
  const auto ref = last.rows.find(family.reference);
  const bool same_reference = reference && ref != last.rows.end() && same_code(*reference, ref->second);
  std::vector<std::string> out;
  for (const auto& row : family.rows) {
    const auto it = last.rows.find(row.suffix);
    bool measured = false;
    if (it != last.rows.end()) {
      const race::race_row& entry = it->second;
      if (row.left_out) {
        measured = entry.last_fail_reason && row.left_out->rfind(entry.last_fail_reason->stage, 0) == 0;
      } else if (same_code(row, entry) && entry.rejected != race::not_asked_text) {
        if (entry.median_ns || (entry.last_fail_reason && same_reference)) {
          measured = true;
        } else if (entry.same_code_as) {
          const auto raced = last.rows.find(*entry.same_code_as);
          const row_decl* raced_decl = family.row(*entry.same_code_as);
          measured = raced != last.rows.end() && raced_decl && raced->second.median_ns &&
                     same_code(*raced_decl, raced->second);
        }
      }
    }
    if (!measured) out.push_back(row.suffix);
  }
  return out;
}

void race_only_new(race_plan& plan, const manifest& m, const sidecar::document* doc, const remint_basis& basis,
                   const fixture_identity& fixture_of) {
  if (why_race_everything(doc, basis)) return;
  for (const auto& name : plan.families) {
    const family_decl* f = m.family(name);
    const race::race_table* last = doc->race_of(name);
    const std::string* seat = doc->seat_of(name);
    // A family with companions races whole: a companion's own seat may be any row.
    if (!f || !seat || !f->companions.empty() || f->search || why_not_comparable(last, basis)) continue;
    if (const auto fixture = fixture_of(*f); !fixture || last->fixture_sha256 != fixture) continue;
    auto fresh = new_rows(*f, *last);
    // Raced for another reason (a row is gone), or the seat is gone or changed: the rows it beat
    // were never compared with each other's newcomers, so the family races whole.
    if (fresh.empty() || !f->row(*seat) || std::find(fresh.begin(), fresh.end(), *seat) != fresh.end()) continue;
    std::vector<std::string> anchors = {*seat};
    anchors.insert(anchors.end(), f->fallback.begin(), f->fallback.end());
    anchors.push_back(f->reference);
    const auto listed = [](const std::vector<std::string>& list, const std::string& suffix) {
      return std::find(list.begin(), list.end(), suffix) != list.end();
    };
    std::vector<std::string> asked;
    for (const auto& row : f->rows)  // in declared order, each once
      if (listed(fresh, row.suffix) || listed(anchors, row.suffix)) asked.push_back(row.suffix);
    // A row whose result was another's (same_code_as) follows that row into the race, so the
    // bench picks their representative again.
    for (const auto& row : f->rows)
      if (const auto it = last->rows.find(row.suffix); it != last->rows.end() && it->second.same_code_as &&
                                                       listed(asked, *it->second.same_code_as) &&
                                                       !listed(asked, row.suffix))
        asked.push_back(row.suffix);
    plan.only_rows[name] = std::move(asked);
    plan.new_rows[name] = std::move(fresh);
  }
}

race::race_table carry_results(race::race_table table, const race::race_table& last,
                               const std::vector<std::string>& fresh, const std::string& measured) {
  const auto mark = [&](race::race_row row) {
    if (!row.carried_from) row.carried_from = measured;
    return row;
  };
  if (!table.timed()) {
    // Nothing timed (every new row failed, or the seat alone could run): the last race stands,
    // with the new rows' entries and without rows that are gone.
    race::race_table out = last;
    out.rows.clear();
    for (const auto& [suffix, row] : table.rows) {
      const auto old = last.rows.find(suffix);
      const bool is_new = std::find(fresh.begin(), fresh.end(), suffix) != fresh.end();
      out.rows[suffix] = is_new || old == last.rows.end() ? row : mark(old->second);
    }
    out.note = "--only-new timed no row (" + table.note + "); the seat and times are the last race's";
    return out;
  }
  for (auto& [suffix, row] : table.rows)
    if (const auto old = last.rows.find(suffix); row.rejected == race::not_asked_text && old != last.rows.end())
      row = mark(old->second);
  table.noise_overridden = table.noise_overridden || last.noise_overridden;
  return table;
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
