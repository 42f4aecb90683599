#include "mint/race_scope.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <random>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mint/bench_call.h"
#include "mint/companion_seats.h"
#include "mint/impl_hash.h"
#include "mint/incremental.h"
#include "mint/machine.h"
#include "mint/quiet_build.h"
#include "mint/search_scope.h"
#include "race/table.h"
#include "sidecar/format.h"
#include "sidecar/store.h"
#include "util/atomic_file.h"
#include "util/file_lock.h"
#include "util/utc_time.h"
#include "util/json_file.h"

namespace tune::mint {

namespace {

race::race_request request_of(const manifest& m, const sidecar::document* previous, const race_plan& plan) {
  const auto& families = plan.families;
  race::race_request r;
  r.scope = m.scope;
  r.families = families;
  r.failed = plan.known_failures;
  r.only_rows = plan.only_rows;
  r.budget_s = m.budget_s;
  r.seed = std::random_device{}();
  if (previous)
    for (const auto& name : families)
      if (const std::string* seat = previous->seat_of(name)) r.incumbents[name] = *seat;
  // Each row's code identity as its isolation recorded it: the bench races rows of one code once.
  for (const auto& name : families)
    if (const auto* f = m.family(name))
      for (const auto& row : f->rows)
        if (row.identity) r.codes[name][row.suffix] = row.identity->code_sha256;
  return r;
}

std::string probes_text(const std::vector<race::probe_record>& probes) {
  std::string out;
  for (const auto& p : probes)
    out += fmt::format("{}{} {}", out.empty() ? "" : "; ", p.label,
                       p.mad_pct ? fmt::format("{:.1f}%", *p.mad_pct) : std::string("?"));
  return out;
}

// The bench's race table plus what only the tool knows: each row's identities and compile command,
// the fixture's code identity, and what measured it (mint/incremental.h compares them).
race::race_table with_identities(const manifest& m, const family_decl& family, race::race_table table,
                                 const std::string& cls, bool noise_overridden) {
  table.fixture_sha256 = fixture_code(family);
  table.tool = sidecar::tool_name();
  table.compiler = m.compiler;
  table.noise_overridden = noise_overridden;
  for (auto& [suffix, row] : table.rows) {
    if (const auto* decl = family.row(suffix)) {
      row.impl_hash = impl_hash(m, family, *decl, cls);
      if (decl->identity) row.code_sha256 = decl->identity->code_sha256;
      row.compile = compile_command(m, *decl);
    }
  }
  return table;
}

// The bench's answer to one race, or the outcome of a bench that died, answered nothing readable,
// or refused (then archived as a failure, nothing written).
struct bench_answer {
  std::optional<mint_outcome> failed;
  race::race_answer result;
};

bench_answer ask_bench(const manifest& m, const box::box_info& box, const sidecar::document* previous, progress& show,
                       const race_plan& plan) {
  if (!plan.kept.empty() || !plan.unmeasured.empty()) {
    std::string line =
        fmt::format("cmake-tune: tuning scope {} on {}: {} of {} families ({}), because {}", m.scope, where_it_runs(m),
                    plan.families.size(), m.families.size(), fmt::join(plan.families, ", "), plan.why);
    if (!plan.kept.empty()) line += fmt::format("; kept as the sidecar has them: {}", fmt::join(plan.kept, ", "));
    if (!plan.unmeasured.empty())
      line += fmt::format("; left unmeasured, so the scope stays incomplete: {} (the sidecar is not fresh: {})",
                          fmt::join(plan.unmeasured, ", "), plan.why_unmeasured);
    show.note(line);
  } else if (plan.adopted.empty())
    show.note(fmt::format("cmake-tune: tuning scope {} on {}: {} families, because {}", m.scope, where_it_runs(m),
                          plan.families.size(), plan.why));
  else
    show.note(
        fmt::format("cmake-tune: tuning scope {} on {}: {} of {} families ({}); {} adopted from profiles; "
                    "because {}",
                    m.scope, where_it_runs(m), plan.families.size(), m.families.size(), fmt::join(plan.families, ", "),
                    plan.adopted.size(), plan.why));
  for (const auto& [family, fresh] : plan.new_rows) {
    std::vector<std::string> against;
    for (const auto& suffix : plan.only_rows.at(family))
      if (std::find(fresh.begin(), fresh.end(), suffix) == fresh.end()) against.push_back(suffix);
    const race::race_table* last = previous ? previous->race_of(family) : nullptr;
    const auto when = last && last->measured ? last->measured : previous ? previous->provenance.written : std::nullopt;
    show.note(fmt::format(
        "cmake-tune: --only-new: family {} races its new rows ({}) against {}; its other rows keep their results "
        "from {}",
        family, fmt::join(fresh, ", "), fmt::join(against, ", "), when ? "the mint of " + *when : "earlier mints"));
  }

  bench_call call = call_bench(m, request_of(m, previous, plan), m.state_dir / "race-request.json",
                               m.state_dir / "race-result.json", [&](const std::string& line) { show.event(line); });
  show.finish();

  bench_answer answer;
  if (call.status == bench_call::answered) {
    answer.result = std::move(call.answer);
    return answer;
  }
  sidecar::archive_failure(box.identity, m.scope, m.bench, call.reason);
  const auto status = call.status == bench_call::refused       ? mint_outcome::refused
                      : call.status == bench_call::interrupted ? mint_outcome::interrupted
                                                               : mint_outcome::failed;
  answer.failed = mint_outcome{status, std::move(call.reason)};
  return answer;
}

// The scope's winners and race tables from the bench's result, with the plan's adopted families
// and the families it keeps as the sidecar has them.
sidecar::scope_update update_of(const manifest& m, const box::box_info& box, const race::race_answer& result,
                                const race_plan& plan, const sidecar::document* previous,
                                const search_outcome& searched = {}) {
  const std::string measured = util::utc_iso8601(std::chrono::system_clock::now());
  sidecar::scope_update update;
  update.scope = m.scope;
  update.version = m.version;
  update.bench = m.bench;
  update.families = m.family_names();
  update.box = box.identity;
  for (const auto& family : m.families) {
    const auto raced = result.families.find(family.name);
    if (std::find(plan.kept.begin(), plan.kept.end(), family.name) != plan.kept.end()) {
      update.kept.push_back(family.name);  // its companions too: the sidecar keeps them as it has them
      continue;
    }
    if (raced == result.families.end()) {
      add_companion_seats(update, family, nullptr);
      continue;
    }
    race::race_table table = raced->second;
    table.measured = measured;
    if (const auto search = searched.seats.find(family.name); search != searched.seats.end())
      table = with_search(std::move(table), search->second);
    else if (const auto* last = previous ? previous->race_of(family.name) : nullptr;
             last && plan.only_rows.count(family.name))
      if (const auto when = last->measured ? last->measured : previous->provenance.written)
        table = carry_results(std::move(table), *last, plan.new_rows.at(family.name), *when);
    update.kernels[family.name] = table.winner;
    update.race[family.name] = with_identities(m, family, table, box.cls, result.mint.noise_overridden);
    add_companion_seats(update, family, &table);
  }
  for (const auto& [family, seat] : plan.adopted) {
    update.kernels[family] = seat.first;
    race::race_table adopted;
    adopted.winner = seat.first;
    adopted.verdict = race::to_string(race::verdict::adopted);
    adopted.profile = seat.second;
    update.race[family] = adopted;
  }
  update.complete = update.kernels.size() + update.kept.size() == m.families.size();
  return update;
}

// The plan of the race after the searches: each searched seat races only its finalists, and the
// incumbent when the search visited it (it defends its seat, rule 7, docs/measurement.md).
race_plan with_finalists(const race_plan& plan, const search_outcome& searched, const sidecar::document* previous) {
  race_plan final_plan = plan;
  for (const auto& [seat, search] : searched.seats) {
    std::vector<std::string> rows = search.finalists;
    if (const std::string* incumbent = previous ? previous->seat_of(seat) : nullptr;
        incumbent && search.screened.rows.count(*incumbent) &&
        std::find(rows.begin(), rows.end(), *incumbent) == rows.end())
      rows.push_back(*incumbent);
    final_plan.only_rows[seat] = rows;
  }
  return final_plan;
}

// What the sidecar records of how this mint measured: the box, the compiler, the noise, the
// validation, the time it took and what it waited for.
sidecar::provenance_record provenance_of(const manifest& m, const box::box_info& box, const race::race_answer& result,
                                         const std::string& noise, double mint_ms, double lock_wait_s,
                                         const quiet_wait& wait) {
  sidecar::provenance_record p;
  p.cls = box.cls;
  p.features = box::join(box.features);
  // TUNE_FORCE_FEATURES as the bench's machine read it: the features measured with are part of the
  // box (sidecar/verdict.h).
  p.forced_features = box.forced;
  p.compiler = m.compiler;
  p.noise = noise;
  p.noise_probes = probes_text(result.mint.probes);
  p.noise_floor_pct = result.mint.noise_floor_pct;
  p.validation = race::validation_text(result.families);
  p.mint_ms = mint_ms;
  p.lock_wait_s = lock_wait_s;
  p.telemetry = result.telemetry;
  p.build_wait = sidecar::build_wait_record{wait.waited_s, wait.bound_ran_out ? wait.jobs_left : 0};
  return p;
}

// A written mint: with the families the bench could not race named, or whole.
mint_outcome written_outcome(const race::race_answer& result) {
  mint_outcome outcome{mint_outcome::written, ""};
  if (!result.errors.empty()) {
    outcome.status = mint_outcome::family_errors;
    for (const auto& [name, error] : result.errors)
      outcome.reason += fmt::format("{}family {}: {}", outcome.reason.empty() ? "" : "; ", name, error);
  }
  return outcome;
}

}  // namespace

race_plan full_race(const manifest& m, std::string why) {
  race_plan plan;
  plan.families = m.family_names();
  plan.why = std::move(why);
  return plan;
}

mint_outcome race_scope(const manifest& m, const box::box_info& box, const sidecar::document* previous, progress& show,
                        const race_plan& plan) {
  std::filesystem::create_directories(m.state_dir);
  // Mints of one build tree serialize: two benches racing side by side would measure each other.
  // A mint that waits says for whom, and its waiting is not counted as tuning time.
  util::file_lock one_mint_at_a_time(
      m.build_dir / "tune" / "mint",
      fmt::format("pid {}, scope {}, since {}", ::getpid(), m.scope,
                  util::utc_iso8601(std::chrono::system_clock::now())),
      [&](const std::string& holder) {
        show.note(
            fmt::format("cmake-tune: waiting for another mint of this build tree to finish before measuring "
                        "scope {} (it holds {}.lock: {})",
                        m.scope, (m.build_dir / "tune" / "mint").string(), holder));
      });
  const auto started = std::chrono::steady_clock::now();
  // A mint killed mid-write leaves its temporary beside the file it was replacing: the next mint of
  // the tree clears those of processes that no longer run.
  for (const auto& folder : {sidecar_path(m).parent_path(), m.state_dir}) util::remove_stale_temporaries(folder);

  if (plan.families.empty()) {
    // Nothing to measure: record the kept and adopted families against the bench as it is now.
    sidecar::upsert(sidecar_path(m), update_of(m, box, race::race_answer{}, plan, previous));
    show.note(fmt::format("cmake-tune: scope {}: nothing raced: {}; {}", m.scope, plan.why, all_hint));
    return {mint_outcome::written, ""};
  }

  const auto wait = wait_for_quiet_build(std::chrono::seconds(120), [&](int jobs, double waited) {
    if (static_cast<int>(waited * 5) % 25 == 0)
      show.note(fmt::format("cmake-tune: waiting for {} other build job(s) to finish before measuring ({:.0f}s)", jobs,
                            waited));
  });
  if (wait.bound_ran_out)
    show.note(
        fmt::format("cmake-tune: measuring beside {} other build job(s): the wait bound ran out", wait.jobs_left));

  // Searched families search first; the race below decides each one's seat among the best rows its
  // search found (mint/search_scope.h). The rows a search builds join the manifest's view.
  manifest current = m;
  search_outcome searched = search_families(current, plan, previous, show, search_jobs());
  if (searched.failed) {
    sidecar::archive_failure(box.identity, m.scope, m.bench, searched.failed->reason);
    const auto status = searched.failed->status == bench_call::refused       ? mint_outcome::refused
                        : searched.failed->status == bench_call::interrupted ? mint_outcome::interrupted
                                                                             : mint_outcome::failed;
    return {status, searched.failed->reason};
  }
  const race_plan final_plan = with_finalists(plan, searched, previous);

  const bench_answer asked = ask_bench(current, box, previous, show, final_plan);
  if (asked.failed) return *asked.failed;
  const race::race_answer& result = asked.result;
  const race::mint_record& mint = result.mint;

  sidecar::scope_update update = update_of(current, box, result, final_plan, previous, searched);
  const double mint_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  // A kept family measured over an overridden noise ceiling keeps the sidecar's noise overridden.
  bool overridden = mint.noise_overridden;
  for (const auto& family : plan.kept)
    if (const auto* kept = previous ? previous->race_of(family) : nullptr)
      overridden = overridden || kept->noise_overridden;
  const std::string noise = overridden ? "overridden" : "ok";
  update.provenance = provenance_of(m, box, result, noise, mint_ms, one_mint_at_a_time.waited_s(), wait);
  const auto written = sidecar::upsert(sidecar_path(m), update);
  if (!written.diff.empty())
    show.note("cmake-tune: changes since the previous mint (" + written.backup.string() + "):\n" + written.diff);

  // What each family now runs follows from the stamp (mint/summary.h), which comes next.
  const std::string summary =
      fmt::format("cmake-tune: scope {} tuned in {:.1f}s{}, noise {} ({})", m.scope, mint_ms / 1000,
                  one_mint_at_a_time.waited_s() > 0
                      ? fmt::format(" (after waiting {:.1f}s for another mint)", one_mint_at_a_time.waited_s())
                      : std::string(),
                  noise, probes_text(mint.probes));
  show.note(summary);

  return written_outcome(result);
}

}  // namespace tune::mint
