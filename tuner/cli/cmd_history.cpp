// `tune history` and `tune history --diff A B`: the archived mints of this box and build tree
// (sidecar/history.h), numbered oldest first, each with what changed since the scope's mint
// before it. Text and --json come from one list.
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "box/identity.h"
#include "cli/commands.h"
#include "cli/scopes.h"
#include "manifest/manifest.h"
#include "sidecar/diff.h"
#include "sidecar/history.h"
#include "util/json_file.h"

namespace tune::cli {

namespace {

// A family's seat in one archived mint, with its time per call and rate from that mint's race.
struct seat_at_mint {
  std::string suffix;
  std::optional<double> median_ns, margin_pct;
  std::optional<std::string> rate;  // when the fixture declared work
  std::string verdict;              // of the family's race; "" when the mint has no race table for it
};

struct listed_mint {
  int id = 0;  // 1 is the oldest mint of the tree
  std::string scope, config;
  sidecar::past_mint mint;
  std::map<std::string, seat_at_mint> seats;  // the scope's families, from the archived document
  std::optional<int> previous;                // the id of the scope's last readable mint before it
  std::optional<sidecar::changes> since;      // against `previous`
};

struct history_list {
  std::string box;
  std::filesystem::path archive;
  std::vector<listed_mint> mints;
};

std::map<std::string, seat_at_mint> seats_of(const sidecar::document& doc, const std::string& scope) {
  std::map<std::string, seat_at_mint> seats;
  const auto* record = doc.scope(scope);
  for (const auto& family : record ? record->families : std::vector<std::string>{}) {
    const std::string* suffix = doc.seat_of(family);
    if (!suffix) continue;
    seat_at_mint s{*suffix, std::nullopt, std::nullopt, std::nullopt, ""};
    if (const auto* race = doc.race_of(family)) {
      s.verdict = race->verdict;
      s.margin_pct = race->margin_pct;
      if (const auto row = race->rows.find(*suffix); row != race->rows.end() && row->second.median_ns) {
        s.median_ns = row->second.median_ns;
        if (race->work) s.rate = race::rate_text(*race->work, *s.median_ns);
      }
    }
    seats[family] = s;
  }
  return seats;
}

history_list history_of_tree(const scope_options& o) {
  const auto box = box::this_box();
  history_list out{box.identity, sidecar::history_dir(box.identity), {}};
  for (const auto& path : find_manifests(o)) {
    const auto m = load_manifest(path);
    for (auto& mint : sidecar::history_of(box.identity, m.scope, m.bench))
      out.mints.push_back(
          {0, m.scope, m.multi_config ? m.config : "", std::move(mint), {}, std::nullopt, std::nullopt});
  }
  // One numbered list across the tree's scopes, oldest first (archive names sort by time).
  std::stable_sort(out.mints.begin(), out.mints.end(), [](const listed_mint& a, const listed_mint& b) {
    return a.mint.entry.file.filename() < b.mint.entry.file.filename();
  });
  std::map<std::pair<std::string, std::string>, std::size_t> last;  // (scope, config) -> index of its last readable
  for (std::size_t i = 0; i < out.mints.size(); ++i) {
    auto& l = out.mints[i];
    l.id = static_cast<int>(i + 1);
    if (!l.mint.doc) continue;
    l.seats = seats_of(*l.mint.doc, l.scope);
    const auto key = std::make_pair(l.scope, l.config);
    if (const auto before = last.find(key); before != last.end()) {
      l.previous = out.mints[before->second].id;
      l.since = sidecar::compare(*out.mints[before->second].mint.doc, *l.mint.doc);
    }
    last[key] = i;
  }
  return out;
}

nlohmann::json or_null(const auto& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

std::string outcome(const sidecar::past_mint& m) {
  return !m.unreadable.empty() ? "unreadable" : m.entry.failed ? "failed" : "mint";
}

nlohmann::json mint_ref(const listed_mint& l) {
  return {{"id", l.id},       {"stamp", l.mint.entry.stamp}, {"file", l.mint.entry.file.string()},
          {"scope", l.scope}, {"config", l.config},          {"written", or_null(l.mint.written)}};
}

void to_json(nlohmann::json& out, const seat_at_mint& s) {
  out = {{"suffix", s.suffix},
         {"median_ns", or_null(s.median_ns)},
         {"rate", or_null(s.rate)},
         {"margin_pct", or_null(s.margin_pct)},
         {"verdict", s.verdict}};
}

void to_json(nlohmann::json& out, const listed_mint& l) {
  out = mint_ref(l);
  out["outcome"] = outcome(l.mint);
  out["reason"] = !l.mint.unreadable.empty() ? nlohmann::json(l.mint.unreadable)
                  : l.mint.entry.failed      ? nlohmann::json(l.mint.failure)
                                             : nlohmann::json();
  out["seats"] = l.mint.doc ? nlohmann::json(l.seats) : nlohmann::json();
  out["previous"] = or_null(l.previous);
  out["since"] = or_null(l.since);
}

std::string indented(const std::string& text, const std::string& prefix) {
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    const auto end = text.find('\n', at);
    out += prefix + text.substr(at, end == std::string::npos ? std::string::npos : end - at + 1);
    at = end == std::string::npos ? text.size() : end + 1;
  }
  return out;
}

std::string seat_text(const std::string& family, const seat_at_mint& s) {
  std::string text = fmt::format("{}: {}", family, s.suffix);
  if (s.median_ns) text += fmt::format(" {:.1f} ns", *s.median_ns);
  if (s.rate) text += ", " + *s.rate;
  if (s.margin_pct) text += fmt::format(" (margin {:.1f}%)", *s.margin_pct);
  return text;
}

void print_mint(const listed_mint& l) {
  const std::string scope = l.config.empty() ? l.scope : fmt::format("{} [{}]", l.scope, l.config);
  std::cout << fmt::format("{:>4}  {}  {}  ", l.id, l.mint.written.value_or(l.mint.entry.stamp), scope);
  if (!l.mint.unreadable.empty()) {
    std::cout << fmt::format("unreadable ({}): {}\n", l.mint.entry.file.string(), l.mint.unreadable);
    return;
  }
  if (l.mint.entry.failed) {
    std::cout << "failed, the sidecar kept: " << l.mint.failure << "\n";
    return;
  }
  if (!l.since) {
    std::cout << "first mint in the history\n";
    for (const auto& [family, seat] : l.seats) std::cout << "        " << seat_text(family, seat) << "\n";
    return;
  }
  std::cout << fmt::format(
      "raced {} (since #{})\n",
      l.since->raced.empty() ? std::string("nothing") : fmt::format("{}", fmt::join(l.since->raced, ", ")),
      *l.previous);
  std::cout << indented(sidecar::describe_changes(*l.since), "        ");
}

// A mint named by its number in the list or its archive stamp.
const listed_mint& find_mint(const history_list& h, const std::string& name) {
  for (const auto& l : h.mints)
    if (std::to_string(l.id) == name || l.mint.entry.file.filename().string().rfind(name + "-", 0) == 0) {
      if (!l.mint.doc)
        throw std::runtime_error(fmt::format(
            "mint {} ({}) has no tables to compare: it {}", name, l.mint.entry.file.string(),
            l.mint.unreadable.empty() ? "failed: " + l.mint.failure : "is unreadable: " + l.mint.unreadable));
      return l;
    }
  throw std::runtime_error(
      h.mints.empty()
          ? fmt::format("--diff {}: this build tree has no archived mints on this box ({})", name, h.archive.string())
          : fmt::format("--diff {}: no such mint; give a number from `tune history` (1 to {}) or an archive "
                        "stamp such as {}",
                        name, h.mints.size(), h.mints.back().mint.entry.stamp));
}

int cmd_history(const scope_options& o, const std::vector<std::string>& diff, bool as_json) {
  const auto h = history_of_tree(o);
  if (!diff.empty()) {
    const auto& a = find_mint(h, diff[0]);
    const auto& b = find_mint(h, diff[1]);
    const auto c = sidecar::compare(*a.mint.doc, *b.mint.doc);
    if (as_json) {
      std::cout << util::json_text(nlohmann::json{{"format", "tune-history-diff/1"},
                                                  {"box", h.box},
                                                  {"from", mint_ref(a)},
                                                  {"to", mint_ref(b)},
                                                  {"changes", c}})
                << "\n";
      return 0;
    }
    std::cout << fmt::format("#{} ({}, {}) → #{} ({}, {})\n", a.id, a.mint.written.value_or(a.mint.entry.stamp),
                             a.scope, b.id, b.mint.written.value_or(b.mint.entry.stamp), b.scope);
    std::cout << fmt::format("raced again: {}\n",
                             c.raced.empty() ? std::string("nothing") : fmt::format("{}", fmt::join(c.raced, ", ")));
    std::cout << sidecar::describe_changes(c);
    return 0;
  }
  if (as_json) {
    std::cout << util::json_text(nlohmann::json{
                     {"format", "tune-history/1"}, {"box", h.box}, {"archive", h.archive.string()}, {"mints", h.mints}})
              << "\n";
    return 0;
  }
  std::cout << fmt::format("box: {}\narchive: {}\n\n", h.box, h.archive.string());
  if (h.mints.empty()) {
    std::cout << "No mint of this build tree is archived on this box yet.\n";
    return 0;
  }
  for (const auto& l : h.mints) print_mint(l);
  std::cout << "\ntune history --diff <A> <B> compares any two of them.\n";
  return 0;
}

}  // namespace

void register_history_commands(CLI::App& app) {
  static scope_options opts;
  static std::vector<std::string> diff;
  static bool as_json = false;
  auto* cmd = app.add_subcommand(
      "history", "Past mints of this box and build tree: when, what was raced, which seats moved and by what margin");
  add_scope_options(cmd, opts);
  cmd->add_option("--diff", diff, "Compare two past mints: their numbers in the list, or archive stamps")
      ->expected(2)
      ->type_name("A B");
  cmd->add_flag("--json", as_json, "Machine-readable: the same list (or comparison) as one JSON document");
  cmd->callback([] { exit_code() = cmd_history(opts, diff, as_json); });
}

}  // namespace tune::cli
