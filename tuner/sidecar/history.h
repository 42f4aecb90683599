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
#include <string>
#include <vector>

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
// {"format": "tune-mint-failure/1", "scope", "box", "reason", "written", "tool"}.
std::filesystem::path archive_failure(const std::string& box_identity, const std::string& scope,
                                      const std::string& reason,
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

// describe_changes between two archived mints. Throws std::runtime_error naming a file that is
// absent or not a readable sidecar (a FAILED stub included).
std::string diff_history(const std::filesystem::path& older, const std::filesystem::path& newer);

}  // namespace tune::sidecar
