#include "report.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "measure/stats.h"

namespace tune::race_real {

namespace {

double quantile(std::vector<double> xs, double q) {
  if (xs.empty()) return NAN;
  std::sort(xs.begin(), xs.end());
  const double at = q * static_cast<double>(xs.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(at));
  const auto hi = std::min(lo + 1, xs.size() - 1);
  return xs[lo] + (xs[hi] - xs[lo]) * (at - static_cast<double>(lo));
}

std::string rate(std::size_t k, std::size_t n) {
  if (n == 0) return "no mint decided";
  const auto ci = measure::clopper_pearson(k, n, 0.95);
  return fmt::format("{}/{} = {:.1f}% [{:.1f}, {:.1f}]", k, n, 100.0 * static_cast<double>(k) / static_cast<double>(n),
                     ci.lo * 100, ci.hi * 100);
}

std::string telemetry_line(const nlohmann::json& state) {
  const auto text = [](const nlohmann::json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); };
  return fmt::format(
      "load {} · cpu {} · governor {} · turbo {} · cgroup v1 cpu.stat {} · cgroup v2 cpu.stat {}",
      text(state.value("load_avg", nlohmann::json("?"))), text(state.value("cpu", nlohmann::json("?"))),
      text(state.value("governor", nlohmann::json("?"))), text(state.value("turbo", nlohmann::json("?"))),
      text(state.value("cgroup_v1", nlohmann::json("?"))), text(state.value("cgroup_v2", nlohmann::json("?"))));
}

}  // namespace

mint_record record_mint(const mint_job& job, const race::mint_result& m) {
  mint_record out;
  out.label = job.label;
  out.rows = job.family.rows.size();
  out.planted = !job.hits.empty();
  out.status = m.status;
  out.overridden = m.noise_overridden;
  out.noise_floor_pct = m.noise_floor_pct;
  out.mint_s = m.ms / 1000;
  out.phase_s = m.phase_s;
  if (m.status != race::mint_status::ok || m.families.empty()) return out;
  const race::family_result& f = m.families.front();
  out.need_pct = f.need_pct;
  out.won = f.outcome == race::verdict::won;
  if (out.planted) {
    out.hit = out.won && std::find(job.hits.begin(), job.hits.end(), f.winner) != job.hits.end();
    // The measured gain of the last planted row (the best of the mixed grid).
    for (const auto& row : f.rows) {
      if (row.suffix == job.hits.back() && row.median_ns && f.rows.front().median_ns)
        out.gain_pct = (*f.rows.front().median_ns / *row.median_ns - 1) * 100;
    }
  }
  return out;
}

std::string mint_line(const mint_job& job, const std::string& arm, const race::mint_result& m) {
  nlohmann::json out{{"job", job.label},
                     {"arm", arm},
                     {"status", race::to_string(m.status)},
                     {"overridden", m.noise_overridden},
                     {"noise_floor_pct", m.noise_floor_pct},
                     {"ms", m.ms},
                     {"phase_s", m.phase_s}};
  for (const auto& p : m.probes)
    out["probes"].push_back({{"label", p.label}, {"mad_pct", p.mad_pct}, {"cv_pct", p.cv_pct}});
  for (const auto& f : m.families) {
    nlohmann::json family{{"winner", f.winner},
                          {"verdict", race::to_string(f.outcome)},
                          {"need_pct", f.need_pct},
                          {"note", f.note},
                          {"ms", f.ms}};
    if (f.margin_pct) family["margin_pct"] = *f.margin_pct;
    if (f.drift_pct) family["drift_pct"] = *f.drift_pct;
    for (const auto& r : f.rows) {
      nlohmann::json row{{"suffix", r.suffix}, {"rounds", r.rounds}, {"finalist", r.finalist}};
      if (r.median_ns) row["median_ns"] = *r.median_ns;
      if (r.best_ns) row["best_ns"] = *r.best_ns;
      family["rows"].push_back(row);
    }
    out["families"].push_back(family);
  }
  return out.dump();
}

std::string render(const std::vector<mint_record>& mints, const std::vector<std::string>& order,
                   const run_context& context, const race::protocol& p) {
  std::string out = "# Race protocol on the real machine\n\n";
  out += fmt::format("Command: `{}`  \n", context.command);
  out += fmt::format("Conditions: {}{}; {:.0f} s wall.  \n", context.conditions,
                     context.load ? fmt::format("; a busy thread pinned to CPU {}", context.load_cpu)
                                  : "; no load added by the benchmark",
                     context.wall_s);
  out += fmt::format("Before: {}  \nAfter: {}\n\n", telemetry_line(context.before), telemetry_line(context.after));
  out += fmt::format(
      "Protocol{}: {} ms windows (+0-{:.0f}% jitter), screen {} rounds, final >= {}, validation >= {} paired rounds, "
      "re-race {}, up to {} paired rounds on a noisy box, min margin {:.0f}%, alpha {}, probe {} windows, settle above "
      "{:.0f}% by spinning {:g} s, ceiling {:.0f}%{}.\n\n",
      context.arms.empty()
          ? ""
          : fmt::format(" (arms {}, every job minted under each; the first)", fmt::join(context.arms, ", ")),
      p.window_ms, p.window_jitter * 100, p.screen_rounds, p.final_rounds, p.validate_rounds,
      p.validate_relocated > 0 ? fmt::format("on relocated copies at {} placement(s)", p.validate_relocated)
                               : "at the rows' own addresses",
      p.noisy_rounds, p.min_margin * 100, p.alpha, p.probe_windows, p.probe_settle * 100, p.spin_seconds,
      p.noise_ceiling * 100, p.noise_override ? " (overridden: refusals counted, not enforced)" : "");

  out +=
      "| family | mints | refused for noise (with --override: would refuse) | wins (identical: false wins; else a "
      "planted row seated) [95% CI] | "
      "measured gain (median) | need (median) | mint s median | mint s p90 | ms per row (median) | "
      "median s: warm / screen / final / validate / probe / spin |\n";
  out += "|---|---|---|---|---|---|---|---|---|---|\n";
  for (const std::string& label : order) {
    std::vector<const mint_record*> rows;
    for (const auto& m : mints) {
      if (m.label == label) rows.push_back(&m);
    }
    if (rows.empty()) continue;
    std::size_t refused = 0, decided = 0, wins = 0;
    std::vector<double> seconds, per_row_ms, needs, gains;
    std::map<std::string, std::vector<double>> phases;
    const bool planted = rows.front()->planted;
    for (const mint_record* m : rows) {
      seconds.push_back(m->mint_s);
      per_row_ms.push_back(m->mint_s * 1000 / static_cast<double>(m->rows));
      for (const char* phase : {"warm", "screen", "final", "validate", "probe", "spin"}) {
        const auto it = m->phase_s.find(phase);
        phases[phase].push_back(it == m->phase_s.end() ? 0.0 : it->second);
      }
      refused += m->overridden;
      if (m->status == race::mint_status::noise_refused) {
        ++refused;
        continue;
      }
      ++decided;
      wins += planted ? m->hit : m->won;
      needs.push_back(m->need_pct);
      if (m->gain_pct) gains.push_back(*m->gain_pct);
    }
    out += fmt::format(
        "| {} | {} | {} | {} | {} | {} | {:.2f} | {:.2f} | {:.0f} | {:.2f} / {:.2f} / {:.2f} / "
        "{:.2f} / {:.2f} / {:.2f} |\n",
        label, rows.size(), rate(refused, rows.size()), rate(wins, decided),
        gains.empty() ? "-" : fmt::format("{:.1f}%", quantile(gains, 0.5)),
        needs.empty() ? "-" : fmt::format("{:.1f}%", quantile(needs, 0.5)), quantile(seconds, 0.5),
        quantile(seconds, 0.9), quantile(per_row_ms, 0.5), quantile(phases["warm"], 0.5),
        quantile(phases["screen"], 0.5), quantile(phases["final"], 0.5), quantile(phases["validate"], 0.5),
        quantile(phases["probe"], 0.5), quantile(phases["spin"], 0.5));
  }
  return out;
}

}  // namespace tune::race_real
