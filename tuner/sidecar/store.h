#pragma once
// Writing the sidecar: upserts under an advisory lock, atomic replace, `.bak` and a printed diff,
// and the history archive (docs/sidecar.md "Writes never lose data").
#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sidecar/document.h"  // provenance_record
#include "sidecar/history.h"   // history_dir, archive_failure

namespace tune::sidecar {

// One scope's freshly measured entries.
struct scope_update {
  std::string scope;
  int version = 0;
  std::filesystem::path bench;                           // its mtime_ns and sha256 are recorded
  std::vector<std::string> families;                     // every family the scope declares now
  std::map<std::string, std::string> kernels;            // family -> suffix (or "reference")
  std::map<std::string, nlohmann::json> race;            // family -> race table (an object)
  std::vector<std::string> companions;                   // every companion the scope's families declare now
  std::map<std::string, std::string> companion_kernels;  // companion -> its own seat, only where its race
                                                         // seated a row other than its family's; the
                                                         // family's race table lists the same row under
                                                         // `companions`
  // Families not raced (a mint of selected families, mint/selection.h): their seats, race tables
  // and companions' seats stay as the document has them when it is written; each must have a seat.
  std::vector<std::string> kept;
  bool complete = true;          // then every family has a `kernels` entry, or is kept
  std::string box;               // this box's identity: provenance.box
  provenance_record provenance;  // the members it sets (class, features, compiler, noise, ...);
                                 // never box, written or tool
};

struct write_result {
  std::string diff;  // describe_changes, after notes on a replaced unreadable file or a
                     // box change; empty on the first write
  bool had_previous = false;
  std::filesystem::path backup;        // `<sidecar>.bak` when there was a previous file
  std::filesystem::path preserved;     // where an unreadable previous file's bytes are kept, under a name
                                       // nothing overwrites (`<sidecar>.unreadable-<time>[-n].json`)
  std::filesystem::path history_file;  // where the mint was archived
};

// Takes the lock, re-reads the current file (an unreadable one is kept under its own name and replaced),
// copies it to `<sidecar>.bak`, replaces this scope's entries (dropping families that left the
// scope; a declared companion's `kernels` entry is replaced by its new one or dropped), keeps every other scope's
// entries, `runtime` and unknown keys, refreshes provenance, writes atomically and archives the result (first
// archiving what earlier mints left unarchived; a write that fails archives a `*.FAILED.json` stub, keeps the
// `.bak` and rethrows). When the
// previous file was measured on another box (provenance.box differs and provenance.applied_box does not name this box)
// the other scopes' entries are dropped and the diff says so. Throws std::invalid_argument for an inconsistent update
// (nothing is written) and std::runtime_error for I/O failures.
write_result upsert(const std::filesystem::path& sidecar, const scope_update& update,
                    std::chrono::system_clock::time_point now = std::chrono::system_clock::now());

}  // namespace tune::sidecar
