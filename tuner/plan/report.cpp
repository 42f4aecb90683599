#include "plan/report.h"

#include <cmath>

#include "plan/plan_file.h"

namespace tune::plan {
namespace {

using nlohmann::json;

json deviation_json(const std::optional<deviation>& d) {
  if (!d) return nullptr;
  auto finite = [](double x) { return std::isfinite(x) ? json(x) : json("inf"); };
  return {{"within", d->within},
          {"max_abs", finite(d->max_abs)},
          {"max_rel", finite(d->max_rel)},
          {"max_ulp", finite(d->max_ulp)},
          {"reason", d->reason}};
}

template <typename T>
json optional_json(const std::optional<T>& value) {
  return value ? json(*value) : json(nullptr);
}

json plan_json(const fftw_plan_report& p) {
  return {{"name", p.name},
          {"made", p.made},
          {"plan", p.plan.empty() ? json(nullptr) : json(p.plan)},
          {"planner_threads", optional_json(p.planner_threads)},
          {"effort", p.effort.empty() ? json(nullptr) : json(p.effort)},
          {"wisdom_only", p.wisdom_only},
          {"threads_ready", p.threads_ready},
          {"in_place", optional_json(p.in_place)},
          {"in_align", optional_json(p.in_align)},
          {"out_align", optional_json(p.out_align)}};
}

json outcome_json(const run_outcome& o) {
  json plans = json::array();
  for (const auto& p : o.fftw_plans) plans.push_back(plan_json(p));
  return {{"status", to_string(o.status)},
          {"failure", o.failure},
          {"wall_s", o.wall_s},
          {"setup_s", optional_number(o.setup_s)},
          {"windows_s", o.windows_s},
          {"timed_as_whole_process", !o.pilot_reported},
          {"peak_rss_kb", o.peak_rss_kb},
          {"knobs_read", o.knobs_read},
          {"libraries", o.libraries},
          {"facts", o.facts},
          {"fftw_plans", plans},
          {"result_values", o.result ? json(o.result->size()) : json(nullptr)}};
}

json pair_json(const pair_sample& p) { return {{"base_s", p.base_s}, {"cand_s", p.cand_s}, {"gain", p.gain()}}; }

json load_json(const load_sample& s) {
  return {{"loadavg1", s.loadavg1}, {"busy_fraction", optional_number(s.busy_fraction)}};
}

}  // namespace

std::optional<winner_times> winner_times_of(const search_record& record) {
  if (!record.winner) return std::nullopt;
  for (const auto& c : record.confirmations) {
    if (c.candidate != *record.winner || c.pairs.empty()) continue;
    winner_times t{};
    for (const auto& p : c.pairs) {
      t.baseline_windows.push_back(p.base_s);
      t.winner_windows.push_back(p.cand_s);
    }
    t.baseline_s = median(t.baseline_windows);
    t.winner_s = median(t.winner_windows);
    return t;
  }
  return std::nullopt;
}

std::optional<double> break_even_windows(const search_record& record) {
  const auto t = winner_times_of(record);
  if (!t || t->baseline_s <= t->winner_s) return std::nullopt;
  return record.elapsed_s / (t->baseline_s - t->winner_s);
}

namespace {

json runs_json(const std::vector<run_record>& records) {
  json runs = json::array();
  for (const auto& r : records) {
    json run = outcome_json(r.outcome);
    run["seq"] = r.seq;
    run["role"] = to_string(r.role);
    run["candidate"] = r.candidate;
    run["started_s"] = r.started_s;
    run["timeout_s"] = r.timeout_s;
    run["timeout_is_budget"] = r.timeout_is_budget;
    run["objective_s"] = optional_number(r.objective_s);
    run["validation"] = deviation_json(r.validation);
    runs.push_back(run);
  }
  return runs;
}

json candidates_json(const std::vector<candidate_record>& records) {
  json candidates = json::array();
  for (const auto& c : records) {
    candidates.push_back({{"id", c.id},
                          {"description", c.description},
                          {"settings", settings_json(c.settings)},
                          {"stage", c.stage},
                          {"origin", c.origin},
                          {"fate", to_string(c.fate)},
                          {"reason", c.reason},
                          {"objective_s", optional_number(c.objective_s)},
                          {"setup_s", optional_number(c.setup_s)},
                          {"peak_rss_kb", c.peak_rss_kb},
                          {"validation", deviation_json(c.validation)}});
  }
  return candidates;
}

json confirmations_json(const std::vector<confirmation_record>& records) {
  json confirmations = json::array();
  for (const auto& c : records) {
    json pairs = json::array();
    for (const auto& p : c.pairs) pairs.push_back(pair_json(p));
    confirmations.push_back({{"candidate", c.candidate},
                             {"pairs", pairs},
                             {"incomplete_runs", c.incomplete},
                             {"complete_pairs", c.verdict.complete_pairs},
                             {"median_gain", c.verdict.median_gain},
                             {"mad_gain", c.verdict.mad_gain},
                             {"aa_gain", optional_number(c.verdict.aa_gain)},
                             {"threshold", c.verdict.threshold},
                             {"established", c.verdict.established},
                             {"reason", c.verdict.reason}});
  }
  return confirmations;
}

json allocation_json(const allocation& a) {
  return {{"cpus", a.cpus},
          {"threads", a.threads},
          {"cpu_quota", optional_number(a.cpu_quota)},
          {"memory_bytes", a.memory_bytes ? json(*a.memory_bytes) : json(nullptr)},
          {"limits", a.limits}};
}

}  // namespace

json report_json(const search_record& record, const std::optional<plan_identity>& identity, const std::string& tool,
                 const std::string& written) {
  const auto& o = record.options;
  json aa_pairs = json::array();
  for (const auto& p : record.aa_pairs) aa_pairs.push_back(pair_json(p));
  json normalizations = json::array();
  for (const auto& n : record.normalizations) {
    normalizations.push_back({{"variable", n.variable}, {"value", n.value}, {"reason", n.reason}});
  }
  const auto times = winner_times_of(record);
  const auto r = break_even_windows(record);
  json plan_identity_json = nullptr;
  if (identity) {
    execution_plan shell;
    shell.identity = *identity;
    plan_identity_json = to_json(shell).at("identity");
  }
  return {
      {"format", report_format},
      {"tool", tool},
      {"written", written},
      {"program", o.argv},
      {"status", record.error.empty() ? to_string(record.status) : "error"},
      {"stop_reason", record.error.empty() ? record.stop_reason : record.error},
      {"budget_s", o.budget_s},
      {"elapsed_s", record.elapsed_s},
      {"overrun_s", record.overrun_s},
      {"min_gain", o.min_gain},
      {"tolerance", record.tol_used ? json(record.tol_used->text()) : json(nullptr)},
      {"oracle", record.oracle},
      {"timing", !record.baseline ? "none: the baseline did not complete"
                 : record.baseline->pilot_reported
                     ? "pilot windows: the median window after the first (warm-up) of each process"
                     : "whole process: the program reports no pilot windows (tune::pilot::window), "
                       "so each process is timed from start to exit"},
      {"enumeration", record.enumeration},
      {"load", {{"before", load_json(record.load_before)}, {"after", load_json(record.load_after)}}},
      {"allocation", allocation_json(o.alloc)},
      {"normalizations", normalizations},
      {"knobs", {{"searched", record.axes}, {"notes", record.knob_notes}}},
      {"baseline", record.baseline ? json{{"objective_s", optional_number(record.baseline_objective_s)},
                                          {"run", outcome_json(*record.baseline)}}
                                   : json(nullptr)},
      {"runs", runs_json(record.runs)},
      {"candidates", candidates_json(record.candidates)},
      {"aa_pairs", aa_pairs},
      {"confirmations", confirmations_json(record.confirmations)},
      {"winner", record.winner ? json(*record.winner) : json(nullptr)},
      {"selected", settings_json(record.selected)},
      {"winner_window_s", times ? json{{"baseline", times->baseline_s}, {"winner", times->winner_s}} : json(nullptr)},
      {"break_even_windows", optional_number(r)},
      {"break_even_note",
       r ? "R = tuning time / (T_base - T_plan): pilot-sized windows the program must run for the search to pay off; "
           "it says nothing about how long a production run takes"
         : "no improvement was established, so the tuning time does not pay off"},
      {"fftw_wisdom",
       {{"note", record.wisdom_note}, {"bytes", record.wisdom ? json(record.wisdom->size()) : json(nullptr)}}},
      {"cache", record.cache_note},
      {"identity", plan_identity_json},
  };
}

}  // namespace tune::plan
