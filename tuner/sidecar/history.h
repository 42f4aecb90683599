#pragma once
// The mint archive (docs/sidecar.md "Writes never lose data"): every mint of a box is kept,
// nothing there is ever deleted or overwritten.
//
// Layout: <root>/<box folder>/<stamp>-<scope>.tune.json for a mint (the whole sidecar as
// written) and <stamp>-<scope>.FAILED.json for a failed one (a `tune-mint-failure/1` stub), where
//   <root>       is $TUNE_HISTORY, else $XDG_STATE_HOME/cmake-tune/history (when absolute), else
//                ~/.local/state/cmake-tune/history;
//   <box folder> is the box identity with every character outside [A-Za-z0-9._-] replaced by '_'
//                ("linux|x86_64|AMD EPYC 7B13|…|6.1" → "linux_x86_64_AMD_EPYC_7B13_…_6.1"); the
//                archived files keep the exact identity in provenance.box;
//   <stamp>      is UTC, "20261129T180000.123Z", so names sort chronologically;
//   <scope>      is the scope name made safe the same way. Two mints of one scope in the same
//                millisecond get "~2", "~3", ... before the extension.
#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sidecar/diff.h"
#include "sidecar/document.h"

namespace tune::sidecar {

// The box identity made safe as one folder name (see the layout above).
std::string history_folder_name(const std::string& box_identity);

// <root>/<box folder>. Throws std::runtime_error when no root can be found (none of
// TUNE_HISTORY, XDG_STATE_HOME, HOME set), naming TUNE_HISTORY as the fix.
std::filesystem::path history_dir(const std::string& box_identity);

// Archives the sidecar text of one successful mint; returns the new file.
std::filesystem::path archive_mint(const std::string& box_identity, const std::string& scope,
                                   const std::string& sidecar_text, std::chrono::system_clock::time_point when);

// A failed mint leaves the sidecar untouched and archives a `*.FAILED.json` stub naming the reason:
// {"format": "tune-mint-failure/1", "scope", "box", "bench", "reason", "written", "tool"}, `bench`
// the scope's bench executable (which build tree the mint was of).
std::filesystem::path archive_failure(const std::string& box_identity, const std::string& scope,
                                      const std::filesystem::path& bench, const std::string& reason,
                                      std::chrono::system_clock::time_point when = std::chrono::system_clock::now());

struct history_entry {
  std::filesystem::path file;
  std::string stamp;  // "20261129T180000.123Z"
  std::string scope;  // as it appears in the file name
  bool failed = false;
};

// Past mints of a box, oldest first; an empty list when nothing was archived yet. Files in the
// folder that are not archive entries (e.g. a temporary left by a crash) are not listed.
std::vector<history_entry> list_history(const std::string& box_identity);

// One archived mint as `tune history` shows it.
struct past_mint {
  history_entry entry;
  std::optional<std::string> written;  // provenance.written, or the stub's
  std::optional<document> doc;         // the archived sidecar; nullopt for a failed mint or an unreadable file
  std::string failure;                 // a failed mint's reason
  std::string unreadable;              // why the file cannot be read; "" when it can
};

// The archived mints of one scope of one build tree (and configuration), oldest first: entries
// whose name is the scope's and whose scope record's bench (a stub's `bench`) is `bench`. An
// entry of the scope that cannot be read is listed with why, since nothing tells whose it is; a
// stub written before stubs named their bench is not listed.
std::vector<past_mint> history_of(const std::string& box_identity, const std::string& scope,
                                  const std::filesystem::path& bench);

// A family's seat in one archived mint, with its time per call and rate from that mint's race.
struct seat_at_mint {
  std::string suffix;
  std::optional<double> median_ns, margin_pct;
  std::optional<std::string> rate;  // when the fixture declared work
  std::string verdict;              // of the family's race; "" when the mint has no race table for it
};

// One scope of a build tree, as its manifest names it.
struct tree_scope {
  std::string scope, config;  // config: "" for a single-config tree
  std::filesystem::path bench;
};

// One mint in a build tree's history (`tune history`, the report).
struct tree_mint {
  int id = 0;  // 1 is the oldest mint of the tree
  std::string scope, config;
  past_mint mint;
  std::map<std::string, seat_at_mint> seats;  // the scope's families, from the archived document
  std::optional<int> previous;                // the id of the scope's last readable mint before it
  std::optional<changes> since;               // against `previous`
};

// The archived mints of every scope of a tree, in one list numbered oldest first.
std::vector<tree_mint> tree_history(const std::string& box_identity, const std::vector<tree_scope>& scopes);

// The mints of `scope`'s configuration `config` ("" for a single-config tree) in a tree's history,
// in its order. An unreadable entry has no configuration to go by, so every configuration lists it.
std::vector<const tree_mint*> mints_of(const std::vector<tree_mint>& history, const std::string& scope,
                                       const std::string& config);

// "mint", "failed" or "unreadable".
std::string outcome(const past_mint& m);
// What names a mint in JSON: {"id", "stamp", "file", "scope", "config", "written"}.
nlohmann::json mint_ref(const tree_mint& m);
// `tune history --json`'s entries (docs/cmake-api.md): mint_ref, with "outcome", "reason",
// "seats", "previous" and "since".
void to_json(nlohmann::json& out, const seat_at_mint& s);
void to_json(nlohmann::json& out, const tree_mint& m);

}  // namespace tune::sidecar
