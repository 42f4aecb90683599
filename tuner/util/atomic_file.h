#pragma once
// Files that outlive a run are replaced atomically: a reader, a crash or `kill -9` sees the
// old content or the new, never a mix. Every file the tool reads is read here too, bounded.
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tune::util {

// Writes `content` to a temporary file in the same folder, fsyncs it, renames it over `path`
// and fsyncs the folder. Creates missing parent folders. Throws std::runtime_error naming the
// path and the errno text on failure; the previous file is then untouched.
void write_file_atomic(const std::filesystem::path& path, std::string_view content);

// A file written beside its destination but not yet in place, for a caller that puts several files
// in place together (the sidecar and its `.bak`, sidecar/store.cpp). Destroyed uncommitted, it
// removes its temporary.
class staged_file {
 public:
  // Writes `content` to a temporary beside `path` as write_file_atomic does; throws as it does.
  staged_file(const std::filesystem::path& path, std::string_view content);
  // What is at `path` now, held under a temporary name (a hard link: no space is needed), so that
  // commit() can put it back after `path` was replaced; nullopt when nothing is there.
  static std::optional<staged_file> hold(const std::filesystem::path& path);
  staged_file(staged_file&& other) noexcept;
  staged_file& operator=(staged_file&&) = delete;
  staged_file(const staged_file&) = delete;
  ~staged_file();

  // Renames the temporary over the path and fsyncs the folder; throws naming the path.
  void commit();

 private:
  struct held {};
  staged_file(held, std::filesystem::path path, std::filesystem::path temp);
  std::filesystem::path path_, temp_;
};

// Like write_file_atomic, but leaves the file (and its mtime) alone when it already holds
// exactly `content`. Returns true when it wrote. Generated headers use this so an unchanged
// stamp recompiles nothing.
bool write_file_if_changed(const std::filesystem::path& path, std::string_view content);

// Like write_file_atomic, but never replaces anything: returns false, writing nothing, when
// `path` already exists. Archives use it so that no earlier file is ever overwritten.
bool create_file_atomic(const std::filesystem::path& path, std::string_view content);

// Every write leaves nothing behind when it fails; a process killed mid-write leaves its temporary,
// `.<name>.<pid>.<n>.tmp`, beside the file. Each process's first write into a folder (any of the
// writes above, write_file_if_changed even when it writes nothing) removes the temporaries there
// that remove_stale_temporaries would, so every folder the tool writes into is cleared by its next
// run there (docs/sidecar.md). Returns how many it removed; a missing folder has none. A temporary
// is stale when its process no longer runs, or when it is older than stale_temporary_age (its pid
// may have been reused): a write holds one for seconds, so a running writer's is never removed.
int remove_stale_temporaries(const std::filesystem::path& folder);
inline constexpr std::chrono::hours stale_temporary_age{1};

// A seam for tests that inject faults into writes (tests/unit/util/unit-temp-sweep.cpp,
// tests/unit/sidecar/unit-write-faults.cpp). The hook is called with the file being written at
// each step; a nonzero errno it returns fails that step as the system would have. `sync` comes
// after the rename (or link) that put the file in place: a hook that kills the process there is a
// crash right after the rename.
enum class write_step { write, rename, sync };
using write_fault_hook = std::function<int(const std::filesystem::path& target, write_step step)>;
void set_write_fault_hook(write_fault_hook hook);  // an empty hook injects nothing

// The one way the tool reads a file (docs/design/hostile-inputs.md): only a regular file is read,
// since a FIFO blocks its reader and /dev/zero never ends, and at most `max_bytes` of it. Every
// reader goes through read_file or read_file_snapshot, util::read_json included.
inline constexpr std::size_t max_read_bytes = std::size_t{64} << 20;  // a sidecar of many scopes is under 1 MiB

// What read_file throws for a file it will not read: its message says what was expected and found
// ("cannot read \"x\": expected a regular file, found a FIFO; ..."), and expected() and found() let
// a reader put the same words in its own message.
class read_refused : public std::runtime_error {
 public:
  read_refused(const std::filesystem::path& path, std::string expected, std::string found);
  const std::string& expected() const { return expected_; }
  const std::string& found() const { return found_; }

 private:
  std::string expected_, found_;
};

// Whole file, or nullopt when it does not exist. Throws read_refused for anything but a regular
// file of at most `max_bytes`, std::runtime_error naming the path on any other I/O error.
std::optional<std::string> read_file(const std::filesystem::path& path, std::size_t max_bytes = max_read_bytes);

// A file's bytes and the modification time of exactly those bytes (read and stat on one open
// file, so a concurrent replace cannot pair new content with an old time).
struct file_snapshot {
  std::string content;
  long long mtime_ns = 0;
};
// nullopt when the file does not exist; throws as read_file does.
std::optional<file_snapshot> read_file_snapshot(const std::filesystem::path& path,
                                                std::size_t max_bytes = max_read_bytes);

// read_file for a file whose absence or unreadability is itself a fact (kernel telemetry under
// /proc and /sys): nullopt then, instead of an exception. Refused and bounded all the same.
std::optional<std::string> read_file_if_readable(const std::filesystem::path& path,
                                                 std::size_t max_bytes = max_read_bytes);

// The bound for binaries the tool reads whole or hashes (benches, objects, a plan's program and
// libraries): far above any of them, and still an end.
inline constexpr std::size_t max_binary_bytes = std::size_t{4} << 30;

// The file's bytes handed to `chunk` in order, without holding them all: how a binary is hashed.
// Returns the modification time of what was read, nullopt when the file does not exist; throws as
// read_file does.
std::optional<long long> read_file_in_chunks(const std::filesystem::path& path,
                                             const std::function<void(std::string_view)>& chunk,
                                             std::size_t max_bytes = max_read_bytes);

// Modification time in nanoseconds since the epoch (nullopt when absent).
std::optional<long long> mtime_ns(const std::filesystem::path& path);

}  // namespace tune::util
