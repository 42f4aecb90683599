#pragma once
// An advisory lock (flock) on `<path>.lock`, so two builds writing one file serialize.
#include <filesystem>

namespace tune::util {

class file_lock {
 public:
  // Blocks until the exclusive lock on `<target>.lock` is held. Throws on I/O failure.
  explicit file_lock(const std::filesystem::path& target);
  ~file_lock();
  file_lock(const file_lock&) = delete;
  file_lock& operator=(const file_lock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace tune::util
