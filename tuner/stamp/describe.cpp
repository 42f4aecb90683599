#include "stamp/describe.h"

#include <fmt/format.h>

namespace tune::stamp {

namespace {

std::string sidecar_why(const seat& s) {
  if (!s.adopted_from.empty()) return "sidecar, adopted from profile " + s.adopted_from;
  if (s.margin_pct) return fmt::format("sidecar, {:+.1f}% over {}", *s.margin_pct, s.fallback);
  if (s.demoted && s.demoted_margin_pct)
    return fmt::format("sidecar, no margin: {} was demoted at {:+.1f}%", *s.demoted, *s.demoted_margin_pct);
  if (s.demoted) return fmt::format("sidecar, no margin: {} was demoted", *s.demoted);
  if (s.race_verdict == race::verdict::tie) return "sidecar, a tie: no row beat it by the need";
  if (s.race_verdict == race::verdict::budget) return "sidecar, budget: not raced";
  return "sidecar, no row beat it";
}

}  // namespace

std::string why(const seat& s) {
  std::string out = s.from == source::sidecar ? sidecar_why(s) : source_text(s);
  for (const auto& problem : s.problems) out += "; " + problem;
  return out;
}

std::string stamped_why(const seat& s) {
  std::string out = s.from == source::sidecar && !s.adopted_from.empty()
                        ? "sidecar, adopted from profile " + s.adopted_from
                        : source_text(s);
  // Why the sidecar could not seat the family: fixed by the sidecar's entry, never a time or margin.
  for (const auto& problem : s.problems) out += "; " + problem;
  return out;
}

std::string margin_text(const seat& s) { return s.margin_pct ? fmt::format("{:+.1f}%", *s.margin_pct) : "-"; }

std::string time_text(const std::optional<double>& median_ns, const std::optional<std::string>& rate) {
  if (!median_ns) return "-";
  return rate ? fmt::format("{:.1f} ns, {}", *median_ns, *rate) : fmt::format("{:.1f} ns", *median_ns);
}

std::string companion_why(const companion_seat& c) {
  return fmt::format("{} ({})", c.suffix, c.own_entry ? "its own sidecar entry" : "the family's row");
}

namespace {
constexpr const char* status_format = "{:<12} {:<20} {:<24} {:<12} {:<20}  {:<26}  {}\n";
}  // namespace

std::string status_header(bool configs) {
  return (configs ? fmt::format("{:<16} ", "config") : "") + fmt::format(fmt::runtime(status_format), "scope", "family",
                                                                         "stamped", "verdict", "measured",
                                                                         "time per call", "why");
}

std::string status_row(const std::string& scope, const std::string& family, const family_entry* entry,
                       const std::string& verdict, const std::string& measured, const std::string& config) {
  return (config.empty() ? "" : fmt::format("{:<16} ", config)) +
         fmt::format(fmt::runtime(status_format), scope, family, entry ? entry->suffix : "(not stamped yet)", verdict,
                     entry && entry->source == "sidecar" ? measured : "-",
                     entry ? time_text(entry->median_ns, entry->rate) : "-", entry ? entry->why : "-");
}

std::string optimized_tune_command(const manifest& m) {
  if (m.optimized) return tune::tune_command(m);
  manifest release = m;
  release.config = "Release";
  if (m.multi_config) return tune::tune_command(release);
  return fmt::format("cmake -B {} -DCMAKE_BUILD_TYPE=Release && {}", m.build_dir.string(), tune::tune_command(release));
}

std::string status_closing(const std::vector<scope_standing>& scopes) {
  std::string commands;
  for (const auto& s : scopes) {
    if (s.verdict == sidecar::verdict::fresh && s.measured_here) continue;
    // A cross build's winners can be measured only on its target (docs/cmake-api.md "Cross-compiling").
    if (s.m->target.cross && s.m->target_class.empty()) {
      commands += fmt::format(
          "  (scope {}: a cross build for {} measures nothing on this build host; build and tune "
          "on the target itself)\n",
          s.m->scope, s.m->target.arch);
      continue;
    }
    const auto command = optimized_tune_command(*s.m);
    if (commands.find("  " + command + "\n") != std::string::npos) continue;
    if (!s.m->optimized)
      commands += fmt::format(
          "  (scope {}: {} builds without optimization, and timings of unoptimized code mean nothing; tune a "
          "Release build)\n",
          s.m->scope, s.m->config.empty() ? "this tree (no CMAKE_BUILD_TYPE)" : "configuration " + s.m->config);
    commands += "  " + command + "\n";
  }
  if (commands.empty()) return "\nEvery family runs a winner measured on this box.\n";
  return "\n\nSome families do not run a winner measured on this box. To tune them:\n" + commands;
}

std::string explain_line(const family_entry& entry, const std::string& verdict, const std::string& policy) {
  return fmt::format("stamped: {} (source: {}); scope verdict {}, policy {}", entry.suffix, entry.why, verdict, policy);
}

}  // namespace tune::stamp
