#include "sidecar/history.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <stdexcept>

#include "sidecar/diff.h"
#include "race/table.h"
#include "sidecar/format.h"
#include "sidecar/verdict.h"
#include "util/atomic_file.h"
#include "util/utc_time.h"
#include "util/json_file.h"
#include "util/json_reader.h"
#include "util/json_members.h"

namespace tune::sidecar {
namespace fs = std::filesystem;

namespace {

std::string safe_name(const std::string& text) {
  std::string safe = text;
  for (char& c : safe) {
    const bool plain =
        (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    if (!plain) c = '_';
  }
  return safe;
}

const char* environment(const char* name) {
  const char* value = std::getenv(name);
  return value && *value ? value : nullptr;
}

fs::path history_root() {
  if (const char* explicit_root = environment("TUNE_HISTORY")) return fs::absolute(explicit_root);
  // The XDG base-directory spec says a relative value is invalid and must be ignored.
  if (const char* state = environment("XDG_STATE_HOME"); state && fs::path(state).is_absolute())
    return fs::path(state) / "cmake-tune" / "history";
  if (const char* home = environment("HOME")) return fs::path(home) / ".local" / "state" / "cmake-tune" / "history";
  throw std::runtime_error(
      "cannot find the mint history folder: none of TUNE_HISTORY, XDG_STATE_HOME and HOME is set; set "
      "TUNE_HISTORY to a writable folder");
}

// Never overwrites: a name already taken (same scope, same millisecond) moves on to "~2", "~3", ...
fs::path archive(const std::string& box_identity, const std::string& scope, const std::string& kind,
                 const std::string& text, std::chrono::system_clock::time_point when) {
  const fs::path folder = history_dir(box_identity);
  const std::string base = util::utc_file_stamp(when) + "-" + safe_name(scope);
  for (int n = 1;; ++n) {
    const fs::path file = folder / (base + (n == 1 ? "" : "~" + std::to_string(n)) + "." + kind + ".json");
    if (util::create_file_atomic(file, text)) return file;
  }
}

const std::regex& entry_pattern() {
  static const std::regex pattern(R"(^(\d{8}T\d{6}\.\d{3}Z)-([A-Za-z0-9._-]+?)(~\d+)?\.(tune|FAILED)\.json$)");
  return pattern;
}

std::map<std::string, seat_at_mint> seats_of(const document& doc, const std::string& scope) {
  std::map<std::string, seat_at_mint> seats;
  const auto* record = doc.scope(scope);
  for (const auto& family : record ? record->families : std::vector<std::string>{}) {
    const std::string* suffix = doc.seat_of(family);
    if (!suffix) continue;
    seat_at_mint s{*suffix, std::nullopt, std::nullopt, std::nullopt, ""};
    if (const auto* race = doc.race_of(family)) {
      s.verdict = race->verdict;
      // As the stamp says it (stamp/seat.cpp): a margin belongs to a row that won its seat.
      if (race->outcome() == race::verdict::won && race->winner == *suffix) s.margin_pct = race->margin_pct;
      if (const auto t = race::time_of(*race, *suffix)) {
        s.median_ns = t->median_ns;
        s.rate = t->rate;
      }
    }
    seats[family] = s;
  }
  return seats;
}

}  // namespace

std::string history_folder_name(const std::string& box_identity) {
  if (box_identity.empty()) throw std::invalid_argument("a box identity is needed to name its history folder");
  return safe_name(box_identity);
}

fs::path history_dir(const std::string& box_identity) { return history_root() / history_folder_name(box_identity); }

fs::path archive_mint(const std::string& box_identity, const std::string& scope, const std::string& sidecar_text,
                      std::chrono::system_clock::time_point when) {
  return archive(box_identity, scope, "tune", sidecar_text, when);
}

fs::path archive_failure(const std::string& box_identity, const std::string& scope, const fs::path& bench,
                         const std::string& reason, std::chrono::system_clock::time_point when) {
  const nlohmann::json stub = {{"format", "tune-mint-failure/1"},
                               {"scope", scope},
                               {"box", box_identity},
                               {"bench", bench.string()},
                               {"reason", reason},
                               {"written", util::utc_iso8601(when)},
                               {"tool", tool_name()}};
  return archive(box_identity, scope, "FAILED", util::json_text(stub) + "\n", when);
}

std::vector<history_entry> list_history(const std::string& box_identity) {
  const fs::path folder = history_dir(box_identity);
  std::vector<history_entry> entries;
  std::error_code ec;
  fs::directory_iterator it(folder, ec);
  if (ec == std::errc::no_such_file_or_directory) return entries;
  if (ec) throw std::runtime_error(fmt::format("cannot list \"{}\": {}", folder.string(), ec.message()));
  for (const fs::directory_entry& file : it) {
    const std::string name = file.path().filename().string();
    std::smatch m;
    if (!file.is_regular_file() || !std::regex_match(name, m, entry_pattern())) continue;
    entries.push_back({file.path(), m[1].str(), m[2].str(), m[4].str() == "FAILED"});
  }
  std::sort(entries.begin(), entries.end(),
            [](const history_entry& a, const history_entry& b) { return a.file.filename() < b.file.filename(); });
  return entries;
}

std::vector<past_mint> history_of(const std::string& box_identity, const std::string& scope, const fs::path& bench) {
  const auto same_bench = [&](const std::string& path) {
    return fs::path(path).lexically_normal() == bench.lexically_normal();
  };
  std::vector<past_mint> out;
  for (history_entry& entry : list_history(box_identity)) {
    if (entry.scope != safe_name(scope)) continue;
    past_mint mint{std::move(entry), std::nullopt, std::nullopt, "", ""};
    if (!mint.entry.failed) {
      loaded l = load(mint.entry.file);
      if (!l.doc) {
        mint.unreadable = l.error;
      } else {
        const scope_record* record = l.doc->scope(scope);
        if (!record || !same_bench(record->bench.path)) continue;
        mint.written = l.doc->provenance.written;
        mint.doc = std::move(l.doc);
      }
      out.push_back(std::move(mint));
      continue;
    }
    try {
      const nlohmann::json stub = util::read_json_file(mint.entry.file);
      const auto text = [&](const char* key) {
        const auto it = stub.find(key);
        return it != stub.end() && it->is_string() ? std::optional<std::string>(it->get<std::string>()) : std::nullopt;
      };
      if (text("format") != "tune-mint-failure/1" || !text("reason"))
        mint.unreadable = "not a tune-mint-failure/1 stub with a reason";
      else if (!text("bench") || !same_bench(*text("bench")))
        continue;
      mint.written = text("written");
      mint.failure = text("reason").value_or("");
    } catch (const util::json_error& e) {
      mint.unreadable = e.where_and_what();
    } catch (const std::runtime_error& e) {  // read_json_file's own message: gone since it was listed
      mint.unreadable = e.what();
    }
    out.push_back(std::move(mint));
  }
  return out;
}

std::vector<tree_mint> tree_history(const std::string& box_identity, const std::vector<tree_scope>& scopes) {
  std::vector<tree_mint> out;
  std::set<fs::path> listed;  // an unreadable entry of a scope is listed by each configuration's history_of
  for (const auto& s : scopes)
    for (auto& mint : history_of(box_identity, s.scope, s.bench)) {
      if (!listed.insert(mint.entry.file).second) continue;
      const bool unreadable = !mint.unreadable.empty();  // whose configuration it was, nothing says
      out.push_back({0, s.scope, unreadable ? "" : s.config, std::move(mint), {}, std::nullopt, std::nullopt});
    }
  // One numbered list across the tree's scopes, oldest first (archive names sort by time).
  std::stable_sort(out.begin(), out.end(), [](const tree_mint& a, const tree_mint& b) {
    return a.mint.entry.file.filename() < b.mint.entry.file.filename();
  });
  std::map<std::pair<std::string, std::string>, std::size_t> last;  // (scope, config) -> index of its last readable
  for (std::size_t i = 0; i < out.size(); ++i) {
    auto& l = out[i];
    l.id = static_cast<int>(i + 1);
    if (!l.mint.doc) continue;
    l.seats = seats_of(*l.mint.doc, l.scope);
    const auto key = std::make_pair(l.scope, l.config);
    if (const auto before = last.find(key); before != last.end()) {
      l.previous = out[before->second].id;
      l.since = compare_scope(*out[before->second].mint.doc, *l.mint.doc, l.scope);
    }
    last[key] = i;
  }
  return out;
}

std::vector<const tree_mint*> mints_of(const std::vector<tree_mint>& history, const std::string& scope,
                                       const std::string& config) {
  std::vector<const tree_mint*> out;
  for (const auto& m : history)
    if (m.scope == scope && (m.config == config || !m.mint.unreadable.empty())) out.push_back(&m);
  return out;
}

std::string outcome(const past_mint& m) {
  return !m.unreadable.empty() ? "unreadable" : m.entry.failed ? "failed" : "mint";
}

nlohmann::json mint_ref(const tree_mint& l) {
  return {{"id", l.id},
          {"stamp", l.mint.entry.stamp},
          {"file", l.mint.entry.file.string()},
          {"scope", l.scope},
          {"config", l.config.empty() ? nlohmann::json() : nlohmann::json(l.config)},
          {"written", util::or_null(l.mint.written)}};
}

void to_json(nlohmann::json& out, const seat_at_mint& s) {
  out = {{"suffix", s.suffix},
         {"median_ns", util::or_null(s.median_ns)},
         {"rate", util::or_null(s.rate)},
         {"margin_pct", util::or_null(s.margin_pct)},
         {"verdict", s.verdict.empty() ? nlohmann::json() : nlohmann::json(s.verdict)}};
}

void to_json(nlohmann::json& out, const tree_mint& l) {
  out = mint_ref(l);
  out["outcome"] = outcome(l.mint);
  out["reason"] = !l.mint.unreadable.empty() ? nlohmann::json(l.mint.unreadable)
                  : l.mint.entry.failed      ? nlohmann::json(l.mint.failure)
                                             : nlohmann::json();
  out["seats"] = l.mint.doc ? nlohmann::json(l.seats) : nlohmann::json();
  out["previous"] = util::or_null(l.previous);
  out["since"] = util::or_null(l.since);
}

}  // namespace tune::sidecar
