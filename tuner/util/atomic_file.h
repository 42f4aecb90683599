#pragma once
// Files that outlive a run are replaced atomically: a reader, a crash or `kill -9` sees the
// old content or the new, never a mix.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace tune::util {

// Writes `content` to a temporary file in the same folder, fsyncs it, renames it over `path`
// and fsyncs the folder. Creates missing parent folders. Throws std::runtime_error naming the
// path and the errno text on failure; the previous file is then untouched.
void write_file_atomic(const std::filesystem::path& path, std::string_view content);

// Like write_file_atomic, but leaves the file (and its mtime) alone when it already holds
// exactly `content`. Returns true when it wrote. Generated headers use this so an unchanged
// stamp recompiles nothing.
bool write_file_if_changed(const std::filesystem::path& path, std::string_view content);

// Like write_file_atomic, but never replaces anything: returns false, writing nothing, when
// `path` already exists. Archives use it so that no earlier file is ever overwritten.
bool create_file_atomic(const std::filesystem::path& path, std::string_view content);

// Whole file, or nullopt when it does not exist. Throws on any other I/O error.
std::optional<std::string> read_file(const std::filesystem::path& path);

// A file's bytes and the modification time of exactly those bytes (read and stat on one open
// file, so a concurrent replace cannot pair new content with an old time).
struct file_snapshot {
  std::string content;
  long long mtime_ns = 0;
};
// nullopt when the file does not exist; throws on any other I/O error.
std::optional<file_snapshot> read_file_snapshot(const std::filesystem::path& path);

// Modification time in nanoseconds since the epoch (nullopt when absent).
std::optional<long long> mtime_ns(const std::filesystem::path& path);

}  // namespace tune::util
