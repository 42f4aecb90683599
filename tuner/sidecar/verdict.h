#pragma once
// Why a sidecar does or does not count for this build (docs/sidecar.md "When a sidecar counts — verdicts").
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "sidecar/document.h"

namespace tune::sidecar {

// emulated is not judge()'s: a cross build's bench under an emulator measures nothing, whatever the
// sidecar holds (mint/build_step.h judge_scope).
enum class verdict { fresh, absent, unreadable, stale_binary, foreign_box, version, missing, emulated };
const char* to_string(verdict v);

// A sidecar as read from disk: the document, or why there is none.
struct loaded {
  std::filesystem::path path;
  std::optional<document> doc;  // set only when the file parsed and has the format's shape
  bool absent = false;
  std::string error;       // I/O error, parse error or format mismatch (unreadable)
  long long mtime_ns = 0;  // the file's mtime, taken with its content (when not absent)
};
// Never throws for a bad file: absence and every read, parse or shape error land in `loaded`.
loaded load(const std::filesystem::path& path);
// The same checks on text already read (upsert re-reads under its lock); mtime_ns stays 0.
loaded load_text(const std::filesystem::path& path, const std::string& text);

// What this build expects of one scope.
struct expectation {
  std::string scope;
  int version = 0;
  std::filesystem::path bench;  // the scope's bench executable
  std::vector<std::string> families;
  std::string box;       // this box's identity
  std::string features;  // its features now, TUNE_FORCE_FEATURES applied (box::join)
  // False: skip stale_binary, asking only whether the measurements are this box's, at this
  // version, whatever the bench's code now (what an incremental re-mint keeps, mint/incremental.h).
  bool check_bench = true;
};

struct judgement {
  verdict v = verdict::absent;
  std::string message;  // one sentence naming both values (paths, times, hashes, identities,
                        // versions, families) and the target that re-measures
};

// Checks in the order of the table in docs/sidecar.md "When a sidecar counts — verdicts": absent,
// unreadable, stale_binary, foreign_box, version, missing; the first failing check decides.
// stale_binary compares the bench's code (util::code_sha256: its code and data, not its file times
// or debug information) with what the mint recorded; foreign_box the box identity, and the features
// the mint measured with (forced with TUNE_FORCE_FEATURES or not) with this box's now. A scope with
// no entry in `scopes` skips the checks that need one (stale_binary, version) and is `missing` all
// its families. A family counts as present when it has a `kernels` entry and the scope's recorded
// `families` lists it. Hashes the bench executable; throws only when that file exists but cannot be
// read. Every message starts with the verdict word and names both values.
judgement judge(const loaded& file, const expectation& want);

}  // namespace tune::sidecar
