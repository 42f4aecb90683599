#include "report/page.h"

#include <fmt/format.h>

#include "report/chart.h"
#include "report/markup.h"
#include "sidecar/diff.h"
#include "stamp/describe.h"

namespace tune::report {

namespace {

// Light and dark both readable; printed pages keep the charts' colours.
constexpr const char* style = R"(
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 0 16px 48px; color: #1d2125; }
h1 { font-size: 22px; margin: 20px 0 8px; } h2 { font-size: 19px; margin-top: 36px; border-bottom: 2px solid #ccd; }
h3 { font-size: 16px; margin: 24px 0 4px; } h4 { font-size: 14px; margin: 12px 0 2px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0; }
dt { color: #5a6270; } dd { margin: 0; word-break: break-all; }
.date { white-space: nowrap; word-break: normal; }
nav ul { padding-left: 18px; margin: 4px 0; } nav li { margin: 2px 0; }
.verdict.fresh { color: #16723a; } .verdict.not-fresh { color: #a4281a; }
.stamp b { font-family: ui-monospace, monospace; }
.note { color: #5a6270; margin: 2px 0 6px; }
svg.chart { display: block; max-width: 100%; height: auto; margin: 6px 0; }
svg.chart text { font: 12px ui-monospace, monospace; fill: #1d2125; }
svg.chart .name { text-anchor: end; }
svg.chart .track { stroke: #e3e6ea; stroke-width: 1; }
svg.chart .spread { fill: #9fb3c8; }
svg.chart .median { stroke: #1d2125; stroke-width: 2; }
svg.chart .best { fill: #ffffff; stroke: #1d2125; stroke-width: 1.2; }
svg.chart .fallback .spread { fill: #c9a227; }
svg.chart .demoted .spread { fill: #d0523f; }
svg.chart .seat .spread { fill: #2f9e5b; } svg.chart .seat .name { font-weight: bold; }
svg.chart .axis line { stroke: #8a929c; } svg.chart .axis text { text-anchor: middle; fill: #5a6270; font-size: 11px; }
svg.chart .axis .unit { text-anchor: start; }
.legend span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; vertical-align: -1px; }
ul.excluded { margin: 4px 0; } ul.excluded pre { margin: 2px 0 6px; padding: 4px 6px; background: #f3f4f6; white-space: pre-wrap; }
table { border-collapse: collapse; margin: 6px 0; } td, th { border-bottom: 1px solid #e3e6ea; padding: 3px 8px; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
)";

// "e2e", or "multi-Release" for one configuration of a multi-config tree: the scope's part of its ids.
std::string scope_id(const scope_view& s) {
  return s.config.empty() ? anchor(s.scope) : anchor(s.scope) + "-" + anchor(s.config);
}

std::string optional_text(const std::optional<std::string>& v) { return v ? *v : std::string("-"); }

std::string optional_number(const std::optional<double>& v, const char* format) {
  return v ? fmt::format(fmt::runtime(format), *v) : std::string("-");
}

std::string dl_row(const std::string& term, const std::string& value, const char* cls = nullptr) {
  return fmt::format("<dt>{}</dt><dd{}>{}</dd>", escape(term), cls ? fmt::format(" class=\"{}\"", cls) : "",
                     escape(value));
}

// A box identity (box/identity.h: platform|arch|cpu-model-name|cpu-signature|os-release) as one
// row per field; anything else as it is.
std::string box_rows(const std::string& term, const std::string& identity) {
  std::vector<std::string> fields;
  for (std::size_t at = 0;;) {
    const auto bar = identity.find('|', at);
    fields.push_back(identity.substr(at, bar == std::string::npos ? std::string::npos : bar - at));
    if (bar == std::string::npos) break;
    at = bar + 1;
  }
  if (fields.size() != 5) return dl_row(term, identity);
  return dl_row(term + " platform", fields[0]) + dl_row(term + " architecture", fields[1]) +
         dl_row(term + " CPU", fields[2]) + dl_row(term + " CPU signature", fields[3]) +
         dl_row(term + " OS release", fields[4]);
}

// ", 41.3 ns, 3.10 GFLOP/s" for a seat measured here, else "".
std::string seat_time(const std::optional<double>& median_ns, const std::optional<std::string>& rate) {
  return median_ns ? ", " + stamp::time_text(median_ns, rate) : "";
}

std::string race_summary(const race::race_table& race) {
  std::string out = fmt::format("last race: {}, winner {} over fallback {}, need {:.1f}%", race.verdict, race.winner,
                                race.fallback, race.need_pct);
  if (race.margin_pct) out += fmt::format(", margin {:.1f}%", *race.margin_pct);
  if (race.demoted)
    out += fmt::format(", {} demoted{}", *race.demoted,
                       race.demoted_margin_pct ? fmt::format(" at {:+.1f}%", *race.demoted_margin_pct) : "");
  if (race.drift_pct) out += fmt::format(", fallback drift {:+.1f}% between race and re-race", *race.drift_pct);
  return out;
}

// The rows of a race that were not timed, or failed after they were: each with its reason (a row
// of the same code as a raced row with that row).
std::string excluded_rows(const race::race_table& race) {
  std::string items;
  for (const auto& [suffix, row] : race.rows) {
    if (row.same_code_as) {
      items +=
          fmt::format("<li class=\"same-code\" data-row=\"{}\"><b>{}</b>: same code as {}{}</li>\n", escape(suffix),
                      escape(suffix), escape(*row.same_code_as), race::time_of(race, suffix) ? ", raced for both" : "");
      continue;
    }
    const auto* failure = row.last_fail_reason ? &*row.last_fail_reason : nullptr;
    if (!row.rejected && !failure) continue;
    const bool failed = failure != nullptr;
    items += fmt::format(
        "<li class=\"{}\" data-row=\"{}\"><b>{}</b>: {}", failed ? "failed" : "rejected", escape(suffix),
        escape(suffix),
        escape(failed ? fmt::format("failed{}: {}", row.rejected ? "" : " after it was timed", failure->summary())
                      : "rejected: " + *row.rejected));
    if (failed && !failure->diagnostic.empty()) items += "<pre>" + escape(failure->diagnostic) + "</pre>";
    items += "</li>\n";
  }
  return items.empty() ? "" : "<ul class=\"excluded\">\n" + items + "</ul>\n";
}

// The rows' hardware counts per call, or why the race could not count them.
std::string counters_block(const race::race_table& race) {
  std::string out;
  if (race.counters_unavailable)
    out += "<p class=\"counters unavailable\">hardware counters not counted: " +
           escape(race::counters_unavailable_text(*race.counters_unavailable)) + "</p>\n";
  std::string rows;
  for (const auto& [suffix, row] : race.rows) {
    if (!row.counters) continue;
    rows += "<tr><td>" + escape(suffix) + "</td>";
    for (const char* event : race::counter_events) {
      const auto it = row.counters->find(event);
      rows += "<td class=\"num\">" + (it == row.counters->end() ? std::string("-") : race::count_text(it->second)) +
              "</td>";
    }
    rows += "</tr>\n";
  }
  if (rows.empty()) return out;
  std::string head = "<tr><th>row</th>";
  for (const char* event : race::counter_events) head += std::string("<th>") + event + "</th>";
  return out +
         "<table class=\"counters\"><caption>hardware counters per call, over the row's windows</caption>"
         "<thead>" +
         head + "</tr></thead><tbody>\n" + rows + "</tbody></table>\n";
}

std::string race_block(const race::race_table& race, const std::string& title) {
  if (race.adopted())
    return fmt::format(
        "<p class=\"race adopted\">adopted from profile {}: measured on another box of the class, not "
        "here; no times to show.</p>\n",
        escape(race.profile.value_or("?")));
  std::string out;
  if (race.timed()) {
    out = fmt::format("<p class=\"race\">{}</p>\n", escape(race_summary(race)));
    if (!race.note.empty()) out += fmt::format("<p class=\"note\">{}</p>\n", escape(race.note));
    if (race.search)
      out += fmt::format("<p class=\"note search\">{}; the chart shows the rows it visited</p>\n",
                         escape(race::search_text(*race.search)));
  } else {
    // Nothing was timed, so there is no winner over a fallback to state: the note says why.
    out = fmt::format("<p class=\"race untimed\">no row was timed; seat {}: {}</p>\n", escape(race.winner),
                      escape(race.note.empty() ? race.verdict : race.note));
  }
  out += race_chart(race, title);
  out += counters_block(race);
  out += excluded_rows(race);
  return out;
}

std::string family_section(const scope_view& s, const family_view& f) {
  std::string out = fmt::format("<section class=\"family\" id=\"family-{}-{}\" data-family=\"{}\">\n<h3>{}</h3>\n",
                                scope_id(s), anchor(f.name), escape(f.name), escape(f.name));
  if (f.stamped) {
    const std::string time = seat_time(f.stamped->median_ns, f.stamped->rate);
    out += fmt::format("<p class=\"stamp\">runs <b>{}</b>{} (source: {})</p>\n", escape(f.stamped->suffix),
                       escape(time), escape(f.stamped->why));
  } else {
    out += "<p class=\"stamp\">not stamped yet: build the project once.</p>\n";
  }
  if (!f.race) {
    out += s.doc ? "<p class=\"race\">the sidecar has no race of it.</p>\n"
                 : "<p class=\"race\">no race to show: the sidecar is absent or unreadable (the verdict above says "
                   "which).</p>\n";
  } else {
    out += race_block(*f.race, f.name + ": time per call of each row");
    for (const auto& [name, companion] : f.race->companion_races.value_or(std::map<std::string, race::race_table>{}))
      out += fmt::format("<section class=\"companion\" data-companion=\"{}\">\n<h4>companion {}</h4>\n{}</section>\n",
                         escape(name), escape(name),
                         race_block(companion, name + ": time per call of each row, against the family's seat"));
  }
  if (f.generated && !f.generated->basis.empty()) {
    std::string items;
    for (const auto& [suffix, basis] : f.generated->basis)
      items += fmt::format("<li data-row=\"{}\"><b>{}</b>: {}</li>", escape(suffix), escape(suffix), escape(basis));
    out += fmt::format(
        "<div class=\"generated\"><p>rows its GENERATOR proposed ({}), with the generator's "
        "basis:</p><ul>{}</ul></div>\n",
        escape(f.generated->meta.string()), items);
  }
  std::string seats;
  for (const auto* m : s.history) {
    const auto it = m->seats.find(f.name);
    if (it == m->seats.end()) continue;
    const std::string time = seat_time(it->second.median_ns, it->second.rate);
    seats +=
        fmt::format("<li>#{} <span class=\"date\">{}</span>: {}{}</li>", m->id,
                    escape(m->mint.written.value_or(m->mint.entry.stamp)), escape(it->second.suffix), escape(time));
  }
  if (!seats.empty())
    out +=
        "<details class=\"seat-history\"><summary>its seat in past mints</summary><ul>" + seats + "</ul></details>\n";
  return out + "</section>\n";
}

std::string moved_text(const sidecar::changes& c) {
  std::string out;
  for (const auto& m : c.moved) out += (out.empty() ? "" : "; ") + sidecar::move_text(m);
  return out.empty() ? "no seat moved" : out;
}

std::string history_table(const scope_view& s) {
  if (!s.history_problem.empty())
    return "<p class=\"history\">The past mints cannot be shown: " + escape(s.history_problem) + "</p>\n";
  if (s.history.empty())
    return "<p class=\"history\">No past mint of this scope in this build tree is archived on this box.</p>\n";
  std::string rows;
  for (const auto* m : s.history) {
    std::string what;
    if (!m->mint.unreadable.empty())
      what = "unreadable: " + m->mint.unreadable;
    else if (m->mint.entry.failed)
      what = "failed, the sidecar kept: " + m->mint.failure;
    else if (!m->since)
      what = "first readable mint in the history";
    else {
      std::string raced;
      for (const auto& f : m->since->raced) raced += (raced.empty() ? "" : ", ") + f;
      what = fmt::format("raced {}; {}", raced.empty() ? "nothing" : raced, moved_text(*m->since));
      if (m->since->median_shift_pct)
        what +=
            fmt::format("; median shift {:+.1f}% over {} rows", *m->since->median_shift_pct, m->since->rows_compared);
    }
    rows += fmt::format("<tr><td class=\"num\">{}</td><td class=\"date\">{}</td><td>{}</td></tr>\n", m->id,
                        escape(m->mint.written.value_or(m->mint.entry.stamp)), escape(what));
  }
  return "<table class=\"history\"><thead><tr><th>#</th><th>written</th><th>what changed</th></tr></thead><tbody>\n" +
         rows + "</tbody></table>\n";
}

std::string scope_section(const scope_view& s) {
  const std::string name = s.config.empty() ? s.scope : fmt::format("{} [{}]", s.scope, s.config);
  std::string out = fmt::format("<section class=\"scope\" id=\"scope-{}\" data-scope=\"{}\">\n<h2>scope {}</h2>\n",
                                scope_id(s), escape(s.scope), escape(name));
  out += fmt::format("<p class=\"verdict {}\">verdict {}</p>\n",
                     s.verdict == sidecar::verdict::fresh ? "fresh" : "not-fresh", escape(s.verdict_message));
  out += "<dl class=\"provenance\">" + dl_row("sidecar", s.sidecar.string());
  if (s.doc) {
    const auto& p = s.doc->provenance;
    out += dl_row("measured", optional_text(p.written), "date") + box_rows("measured on", p.box) +
           dl_row("class", optional_text(p.cls)) + dl_row("compiler", optional_text(p.compiler)) +
           dl_row("noise", optional_text(p.noise)) + dl_row("noise probes", optional_text(p.noise_probes)) +
           dl_row("noise floor", optional_number(p.noise_floor_pct, "{:.1f}%")) +
           dl_row("mint time", optional_number(p.mint_ms, "{:.0f} ms"));
    if (p.forced_features && !p.forced_features->empty()) out += dl_row("forced features", *p.forced_features);
  }
  out += "</dl>\n";
  out +=
      "<p class=\"legend\">Each row: its median as a tick, its best round as a dot and, when the race recorded "
      "them, its rounds' middle half as a bar.<span style=\"background:#2f9e5b\"></span>seat<span "
      "style=\"background:#c9a227\"></span>fallback<span "
      "style=\"background:#d0523f\"></span>demoted<span style=\"background:#9fb3c8\"></span>other rows</p>\n";
  for (const auto& f : s.families) out += family_section(s, f);
  out += "<section class=\"history\"><h3>past mints of this scope in this tree, on this box</h3>\n" + history_table(s) +
         "</section>\n";
  return out + "</section>\n";
}

}  // namespace

std::string render_page(const page_input& in) {
  std::string nav;
  for (const auto& s : in.scopes) {
    std::string families;
    for (const auto& f : s.families)
      families += fmt::format(" <a href=\"#family-{}-{}\">{}</a>", scope_id(s), anchor(f.name), escape(f.name));
    nav += fmt::format("<li><a href=\"#scope-{}\">scope {}</a> ({}):{}</li>\n", scope_id(s),
                       escape(s.config.empty() ? s.scope : s.scope + " [" + s.config + "]"),
                       escape(sidecar::to_string(s.verdict)), families);
  }
  std::string body;
  for (const auto& s : in.scopes) body += scope_section(s);
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      // Nothing may load from anywhere: the page is one file (docs/cmake-api.md, "The report").
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>cmake-tune report: {}</title>\n<style>{}</style>\n</head>\n<body>\n"
      "<header>\n<h1>cmake-tune report</h1>\n<dl class=\"box\">{}{}{}{}</dl>\n</header>\n"
      "<nav>\n<ul>\n{}</ul>\n</nav>\n<main>\n{}</main>\n</body>\n</html>\n",
      escape(in.build_dir.string()), style, box_rows("box", in.box), dl_row("class", in.cls),
      dl_row("build tree", in.build_dir.string()),
      fmt::format("<dt>written</dt><dd><span class=\"date\">{}</span> by {}</dd>", escape(in.generated),
                  escape(in.tool)),
      nav, body);
}

}  // namespace tune::report
