#include "mint/search_scope.h"

#include <algorithm>
#include <chrono>
#include <random>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include <fmt/format.h>

#include "box/platform.h"
#include "isolate/identity.h"
#include "mint/bench_call.h"
#include "mint/search_rows.h"
#include "search/rules.h"
#include "search/strategy.h"

namespace tune::mint {

namespace {

using clock_type = std::chrono::steady_clock;

// A batch: enough rows that a race's fixed cost (its noise probes, a process per family) is small
// beside its rows, and every core compiles many times over; few enough that the strategy learns
// from one batch before it proposes the next (search/strategy.h plans in batches of 8 to 64).
std::size_t batch_size(int jobs) { return std::clamp<std::size_t>(16 * static_cast<std::size_t>(jobs), 16, 64); }

// The rows every race of the family needs beside its batch: its reference and FALLBACK chain.
std::vector<std::string> critical_rows(const family_decl& family) {
  std::vector<std::string> out{family.reference};
  for (const auto& s : family.fallback)
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  return out;
}

// The rows of `batch` a search builds: the reference and the FALLBACK chain are the build's own,
// in the family's archive, so a search that proposes one races it and builds only the others (a
// second copy in the search archive would define its entry twice).
std::vector<std::string> not_critical(const std::vector<std::string>& batch, const std::vector<std::string>& critical) {
  std::vector<std::string> out;
  for (const auto& suffix : batch)
    if (std::find(critical.begin(), critical.end(), suffix) == critical.end()) out.push_back(suffix);
  return out;
}

void add_unique(std::vector<std::string>& to, const std::string& suffix) {
  if (std::find(to.begin(), to.end(), suffix) == to.end()) to.push_back(suffix);
}

// The bench's view of the rows it built: their identities, read again from their records. A row
// built for the first time joins the family's rows (each seat's), as the manifest's next load
// finds it by its records.
void refresh_rows(manifest& m, const std::string& function, const std::vector<built_row>& built) {
  for (auto& family : m.families) {
    if (family.function() != function) continue;
    for (const auto& b : built) {
      auto row =
          std::find_if(family.rows.begin(), family.rows.end(), [&](const row_decl& r) { return r.suffix == b.suffix; });
      if (row == family.rows.end()) {
        const row_decl* made = family.row(b.suffix);
        if (!made) continue;
        family.rows.push_back(*made);
        row = family.rows.end() - 1;
        row->left_out.reset();
      }
      row->left_out = b.isolated ? std::nullopt : std::optional<std::string>(b.why.empty() ? "compile" : b.why);
      row->identity = b.isolated ? isolate::read_row_identity(row->build_record) : std::nullopt;
    }
  }
}

race::race_request batch_request(const manifest& m, const std::vector<std::string>& seats,
                                 const std::vector<std::string>& rows) {
  race::race_request r;
  r.scope = m.scope;
  r.families = seats;
  r.seed = std::random_device{}();
  for (const auto& seat : seats) {
    r.only_rows[seat] = rows;
    if (const auto* f = m.family(seat))
      for (const auto& suffix : rows)
        if (const auto* row = f->row(suffix); row && row->identity) r.codes[seat][suffix] = row->identity->code_sha256;
  }
  return r;
}

struct family_search {
  std::vector<std::string> seats;
  search_space space;
  search::space_rules rules;
  std::vector<search::searcher> searchers;  // one per seat
  std::vector<std::string> visited;         // rows measured, in order
  std::vector<std::string> archived;        // rows in the search archive, in order
  std::vector<std::string> proposed;
  std::size_t compiled = 0, batches = 0;
  std::map<std::string, seat_search> results;
};

// The index of the point a row's suffix names in the space, which lists its points in odometer
// order, so sorted: no map of a million suffixes. nullopt for a row outside it (REFERENCE_SOURCES).
std::optional<std::size_t> point_index(const family_search& s, const std::string& suffix) {
  const search::space_filter allowed(s.rules);
  const auto point = search::point_of(s.rules, suffix, &allowed);
  if (!point) return std::nullopt;
  const auto& points = s.space.points;
  const auto at = std::lower_bound(points.begin(), points.end(), *point);
  if (at == points.end() || *at != *point) return std::nullopt;
  return static_cast<std::size_t>(at - points.begin());
}

// Tells each seat's strategy what one batch measured, and keeps each row's result.
std::optional<std::string> take_batch(family_search& s, const race::race_answer& answer,
                                      const std::vector<std::string>& rows, const std::string& reference) {
  for (std::size_t k = 0; k < s.seats.size(); ++k) {
    const std::string& seat = s.seats[k];
    if (const auto error = answer.errors.find(seat); error != answer.errors.end())
      return fmt::format("family {} could not race a batch of its search: {}", seat, error->second);
    const auto raced = answer.families.find(seat);
    if (raced == answer.families.end()) return fmt::format("the bench did not race family {}", seat);
    const race::race_table& table = raced->second;
    const auto base = race::time_of(table, reference);
    seat_search& result = s.results[seat];
    for (const auto& suffix : rows) {
      const auto row = table.rows.find(suffix);
      if (row == table.rows.end()) continue;
      race::race_row kept = row->second;
      kept.search_batch = static_cast<std::int64_t>(s.batches + 1);
      result.screened.rows[suffix] = kept;
      const auto point = point_index(s, suffix);
      if (!point) continue;
      const auto time = race::time_of(table, suffix);
      std::optional<double> cost;
      if (time && base && base->median_ns > 0) cost = time->median_ns / base->median_ns;
      s.searchers[k].tell(*point, cost);
    }
    result.screened.work = table.work;
    result.screened.threads = table.threads;
    result.screened.cores = table.cores;
  }
  return std::nullopt;
}

// The rows the final race times for a seat: the best the batches found.
std::vector<std::string> finalists_of(const family_decl& family, const race::race_table& screened) {
  constexpr std::size_t finalists = 4;
  std::vector<std::pair<double, std::string>> timed;
  for (const auto& [suffix, row] : screened.rows)
    if (row.median_ns && !row.rejected) timed.emplace_back(*row.median_ns, suffix);
  std::sort(timed.begin(), timed.end());
  std::vector<std::string> out;
  for (const auto& [_, suffix] : timed)
    if (out.size() < finalists) out.push_back(suffix);
  for (const auto& suffix : critical_rows(family)) add_unique(out, suffix);
  return out;
}

std::string best_text(const family_search& s, const family_decl& family) {
  const auto& screened = s.results.at(family.name).screened;
  const auto ref = screened.rows.find(family.reference);
  std::optional<std::pair<double, std::string>> best;
  for (const auto& [suffix, row] : screened.rows)
    if (row.median_ns && !row.rejected && (!best || *row.median_ns < best->first)) best.emplace(*row.median_ns, suffix);
  if (!best || ref == screened.rows.end() || !ref->second.median_ns) return "";
  return fmt::format("; fastest so far {} ({:.2f}x the reference's time)", best->second,
                     best->first / *ref->second.median_ns);
}

// Compiles and isolates the rows of a batch the search has not built, archives them with the
// rows before them, and links the bench again.
void build_batch(manifest& m, const family_decl& family, const std::vector<std::string>& rows, int jobs, progress& show,
                 family_search& s) {
  const auto built = build_rows(family, rows, jobs, [&](const std::string& line) { show.note(line); });
  for (const auto& b : built) {
    if (b.compiled) ++s.compiled;
    if (b.isolated) s.archived.push_back(b.suffix);
    add_unique(s.visited, b.suffix);
  }
  refresh_rows(m, family.function(), built);
  write_search_archive(family, s.archived);
  relink_bench(m, *family.search);
}

std::optional<bench_call> search_family(manifest& m, const std::vector<std::string>& seats, progress& show, int jobs,
                                        std::map<std::string, seat_search>& out) {
  const family_decl family = *m.family(seats.front());
  const search_decl& decl = *family.search;
  family_search s;
  s.seats = seats;
  s.space = space_of(family);
  s.rules = decl.rules();
  const std::size_t budget = search_budget(decl.budget_rows, s.space.points.size());
  const search::settings how{decl.strategy == "random" ? search::strategy_kind::random : search::strategy_kind::auto_,
                             decl.seed, budget};
  for (std::size_t k = 0; k < seats.size(); ++k)
    s.searchers.emplace_back(search::space{s.space.axes, s.space.sizes, s.space.points}, how);
  const std::vector<std::string> critical = critical_rows(family);
  for (const auto& suffix : critical) s.visited.push_back(suffix);

  const auto started = clock_type::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(clock_type::now() - started).count(); };
  std::string stopped;
  show.note(fmt::format("cmake-tune: family {} searches {} of its {} rows ({} search, seed {}{})", family.function(),
                        budget, s.space.points.size(), decl.strategy, decl.seed,
                        decl.budget_seconds > 0 ? fmt::format(", at most {:.0f}s", decl.budget_seconds) : ""));
  while (true) {
    if (decl.budget_seconds > 0 && elapsed() >= decl.budget_seconds) {
      stopped = "budget_seconds";
      break;
    }
    const std::size_t left = budget - std::min(budget, s.proposed.size());
    if (left == 0) {
      stopped = "budget_rows";
      break;
    }
    const std::size_t want = std::min(left, batch_size(jobs));
    const std::size_t per_seat = (want + seats.size() - 1) / seats.size();
    std::vector<std::string> batch;
    for (auto& searcher : s.searchers)
      for (const auto point : searcher.propose(per_seat))
        if (batch.size() < want) add_unique(batch, s.space.suffixes[point]);
    if (batch.empty()) {
      stopped = s.searchers.front().stopped_because();
      if (stopped == "budget") stopped = "budget_rows";
      break;
    }
    for (const auto& suffix : batch) s.proposed.push_back(suffix);
    build_batch(m, family, not_critical(batch, critical), jobs, show, s);

    std::vector<std::string> rows = batch;
    for (const auto& suffix : critical) add_unique(rows, suffix);
    bench_call call =
        call_bench(m, batch_request(m, seats, rows), m.state_dir / "search-request.json",
                   m.state_dir / "search-result.json", [&](const std::string& line) { show.event(line); });
    show.finish();
    if (call.status != bench_call::answered) return call;
    // Only the first batch times the critical rows for the strategy; later ones time them again as
    // the baseline of the batch, which they are not told twice.
    std::vector<std::string> told = batch;
    if (s.batches == 0)
      for (const auto& suffix : critical) add_unique(told, suffix);
    if (const auto why = take_batch(s, call.answer, told, family.reference)) {
      bench_call failed;
      failed.reason = *why;
      return failed;
    }
    ++s.batches;
    show.note(fmt::format("cmake-tune: family {}: search batch {}: {} rows raced, {} of {} proposed, {} compiled{}",
                          family.function(), s.batches, batch.size(), s.proposed.size(), budget, s.compiled,
                          best_text(s, *m.family(seats.front()))));
  }

  const row_decl* template_row = family.row(decl.template_row);
  for (const auto& seat : seats) {
    seat_search& result = s.results[seat];
    result.finalists = finalists_of(*m.family(seat), result.screened);
    race::search_record& r = result.record;
    r.strategy = decl.strategy;
    r.seed = decl.seed;
    r.space_size = s.space.points.size();
    r.visited = s.visited.size();
    r.compiled = s.compiled;
    r.budget_rows = budget;
    r.budget_seconds = decl.budget_seconds;
    r.stopped_because = stopped;
    r.batches = s.batches;
    r.seconds = elapsed();
    r.proposed = s.proposed;
    if (template_row && template_row->identity && template_row->identity->inputs_sha256)
      r.template_inputs_sha256 = *template_row->identity->inputs_sha256;
    out[seat] = std::move(result);
  }
  show.note(fmt::format("cmake-tune: family {} searched {} rows in {:.1f}s ({} compiled, {} batches; stopped: {})",
                        family.function(), s.proposed.size(), elapsed(), s.compiled, s.batches, stopped));
  return std::nullopt;
}

}  // namespace

search_space space_of(const family_decl& family) {
  search_space out;
  if (!family.search) return out;
  search::space_rules rules{family.search->axes, family.search->excludes, family.search->constraints};
  for (const auto& [axis, values] : rules.axes) {
    out.axes.push_back(axis);
    out.sizes.push_back(values.size());
  }
  std::vector<std::uint16_t> flat;
  try {
    flat = search::enumerate(rules);
  } catch (const search::rules_error& e) {
    throw std::runtime_error(fmt::format("family {}: {}", family.function(), e.what()));
  }
  const std::size_t n = out.axes.size();
  for (std::size_t at = 0; n && at < flat.size(); at += n) {
    out.points.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(at),
                            flat.begin() + static_cast<std::ptrdiff_t>(at + n));
    out.suffixes.push_back(search::suffix_of(rules, flat.data() + at));
  }
  // Values differ in more than case (configure checks it), so only a value holding '_' can run
  // into the next axis's part and give two points one suffix.
  const bool underscores = std::any_of(rules.axes.begin(), rules.axes.end(), [](const auto& axis) {
    return std::any_of(axis.second.begin(), axis.second.end(),
                       [](const std::string& v) { return v.find('_') != std::string::npos; });
  });
  if (underscores) {
    std::unordered_map<std::string, std::size_t> seen;
    for (std::size_t i = 0; i < out.suffixes.size(); ++i)
      if (const auto [it, fresh] = seen.emplace(out.suffixes[i], i); !fresh)
        throw std::runtime_error(fmt::format(
            "family {}: points \"{}\" and \"{}\" have one suffix, {}: a value holding '_' runs into the next axis's "
            "part; rename the value",
            family.function(), search::spec_of(rules, flat.data() + it->second * n),
            search::spec_of(rules, flat.data() + i * n), out.suffixes[i]));
  }
  return out;
}

std::size_t search_budget(std::size_t budget_rows, std::size_t space_points) {
  if (budget_rows == 0) budget_rows = std::max<std::size_t>(space_points / 20, 512);
  return std::min(budget_rows, space_points);
}

search_outcome search_families(manifest& m, const race_plan& plan, const sidecar::document*, progress& show, int jobs) {
  search_outcome outcome;
  std::map<std::string, std::vector<std::string>> seats;  // function -> its seats this mint races
  std::vector<std::string> order;
  for (const auto& name : plan.families)
    if (const auto* f = m.family(name); f && f->search) {
      if (!seats.count(f->function())) order.push_back(f->function());
      seats[f->function()].push_back(name);
    }
  for (const auto& function : order)
    if (auto failed = search_family(m, seats.at(function), show, jobs, outcome.seats)) {
      outcome.failed = std::move(*failed);
      return outcome;
    }
  return outcome;
}

race::race_table with_search(race::race_table final, const seat_search& search) {
  for (const auto& [suffix, row] : search.screened.rows) {
    const auto raced = final.rows.find(suffix);
    if (raced == final.rows.end() || raced->second.rejected == race::not_asked_text) final.rows[suffix] = row;
  }
  // Rows the final race was not asked for and no batch timed (never visited) are not in the table.
  for (auto it = final.rows.begin(); it != final.rows.end();)
    if (it->second.rejected == race::not_asked_text)
      it = final.rows.erase(it);
    else
      ++it;
  // A row of another's code names one that stands for itself (sidecar/format.cpp): a batch's
  // representative may have been raced for another row's code in the final race.
  for (auto& [suffix, row] : final.rows)
    for (int hops = 0; row.same_code_as && hops < 8; ++hops) {
      const auto stands = final.rows.find(*row.same_code_as);
      if (stands == final.rows.end()) {
        row.same_code_as.reset();
      } else if (stands->second.same_code_as) {
        row.same_code_as = stands->second.same_code_as;
      } else {
        break;
      }
    }
  final.search = search.record;
  return final;
}

int search_jobs() { return std::max(1, box::allocation_cpus()); }

}  // namespace tune::mint
