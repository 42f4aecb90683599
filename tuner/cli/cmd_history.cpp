// `tune history` and `tune history --diff A B`: the archived mints of this box and build tree
// (sidecar/history.h), numbered oldest first, each with what changed since the scope's mint
// before it. Text and --json come from one list.
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "box/identity.h"
#include "cli/commands.h"
#include "cli/scopes.h"
#include "manifest/manifest.h"
#include "mint/machine.h"
#include "sidecar/diff.h"
#include "sidecar/history.h"
#include "stamp/describe.h"
#include "stamp/describe_rows.h"
#include "util/json_file.h"

namespace tune::cli {

namespace {

using sidecar::seat_at_mint;

struct history_args {
  scope_options scopes;
  std::vector<std::string> diff;  // --diff A B
  bool json = false;
};

struct history_list {
  std::string box;
  std::filesystem::path archive;
  std::vector<sidecar::tree_mint> mints;
};

history_list history_of_tree(const scope_options& o) {
  std::vector<sidecar::tree_scope> scopes;
  std::optional<box::box_info> machine;
  for (const auto& path : find_manifests(o)) {
    const auto m = load_manifest(path);
    // Mints are archived by the machine that raced them: a runner's, for a tree that has one.
    if (!machine) machine = mint::machine_of(m, box::this_box());
    scopes.push_back(tree_scope_of(m));
  }
  const auto box = machine ? *machine : box::this_box();
  return {box.identity, sidecar::history_dir(box.identity), sidecar::tree_history(box.identity, scopes)};
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
  if (s.median_ns) text += " " + stamp::time_text(s.median_ns, s.rate);
  if (s.margin_pct) text += fmt::format(" (margin {:.1f}%)", *s.margin_pct);
  return text;
}

void print_mint(const sidecar::tree_mint& l) {
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
    std::cout << "first readable mint in the history\n";
    for (const auto& [family, seat] : l.seats) std::cout << "        " << seat_text(family, seat) << "\n";
    return;
  }
  std::cout << fmt::format(
      "raced {} (since #{})\n",
      l.since->raced.empty() ? std::string("nothing") : fmt::format("{}", fmt::join(l.since->raced, ", ")),
      *l.previous);
  std::cout << indented(sidecar::describe_changes(*l.since), "        ");
}

// The list as `--json` gives it: each seat's rate a number and a unit, from the work its mint's
// own race table declares (the archive keeps the rate as text, as the history shows it).
nlohmann::json mints_json(const std::vector<sidecar::tree_mint>& mints) {
  auto out = nlohmann::json::array();
  for (const auto& l : mints) {
    auto& j = out.emplace_back(l);
    if (!l.mint.doc) continue;
    for (const auto& [family, seat] : l.seats) {
      const auto* race = l.mint.doc->race_of(family);
      j["seats"][family]["rate"] = stamp::rate_json(race ? race->work : std::nullopt, seat.median_ns);
    }
  }
  return out;
}

// A mint named by its number in the list, its archive stamp or its archive file's name; a stamp
// two entries share (two scopes, or "~2", in one millisecond) is refused with their numbers.
const sidecar::tree_mint& find_mint(const history_list& h, const std::string& name) {
  std::vector<const sidecar::tree_mint*> found;
  for (const auto& l : h.mints)
    if (std::to_string(l.id) == name || l.mint.entry.stamp == name || l.mint.entry.file.filename() == name)
      found.push_back(&l);
  if (found.size() > 1) {
    std::vector<int> ids;
    for (const auto* l : found) ids.push_back(l->id);
    throw std::runtime_error(fmt::format("--diff {}: {} mints have that stamp (#{}); give one of their numbers", name,
                                         found.size(), fmt::join(ids, ", #")));
  }
  if (found.empty())
    throw std::runtime_error(
        h.mints.empty()
            ? fmt::format("--diff {}: this build tree has no archived mints on this box ({})", name, h.archive.string())
            : fmt::format("--diff {}: no such mint; give a number from `tune history` (1 to {}) or an archive "
                          "stamp such as {}",
                          name, h.mints.size(), h.mints.back().mint.entry.stamp));
  const auto& l = *found.front();
  if (!l.mint.doc)
    throw std::runtime_error(
        fmt::format("mint {} ({}) has no tables to compare: it {}", name, l.mint.entry.file.string(),
                    l.mint.unreadable.empty() ? "failed: " + l.mint.failure : "is unreadable: " + l.mint.unreadable));
  return l;
}

int cmd_history(const scope_options& o, const std::vector<std::string>& diff, bool as_json) {
  const auto h = history_of_tree(o);
  if (!diff.empty()) {
    const auto& a = find_mint(h, diff[0]);
    const auto& b = find_mint(h, diff[1]);
    // Two mints of one scope: that scope's families (the sidecar holds every scope's).
    const auto c = a.scope == b.scope ? sidecar::compare_scope(*a.mint.doc, *b.mint.doc, a.scope)
                                      : sidecar::compare(*a.mint.doc, *b.mint.doc);
    if (as_json) {
      std::cout << util::json_text(nlohmann::json{{"format", "tune-history-diff/1"},
                                                  {"box", h.box},
                                                  {"from", sidecar::mint_ref(a)},
                                                  {"to", sidecar::mint_ref(b)},
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
    std::cout << util::json_text(nlohmann::json{{"format", "tune-history/2"},
                                                {"box", h.box},
                                                {"archive", h.archive.string()},
                                                {"mints", mints_json(h.mints)}})
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

void register_history_command(CLI::App& app) {
  auto a = std::make_shared<history_args>();
  auto* cmd = app.add_subcommand(
      "history", "Past mints of this box and build tree: when, what was raced, which seats moved and by what margin");
  add_scope_options(cmd, a->scopes);
  cmd->add_option("--diff", a->diff,
                  "Compare two past mints: their numbers in the list, archive stamps or archive file names")
      ->expected(2)
      ->type_name("A B");
  cmd->add_flag("--json", a->json, "Machine-readable: the same list (or comparison) as one JSON document");
  cmd->callback([a] { exit_code() = cmd_history(a->scopes, a->diff, a->json); });
}

}  // namespace tune::cli
