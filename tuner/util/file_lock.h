#pragma once
// An advisory lock (flock) on `<path>.lock`, so two builds writing one file serialize.
#include <filesystem>
#include <functional>
#include <string>

namespace tune::util {

class file_lock {
 public:
  // Blocks until the exclusive lock on `<target>.lock` is held. While it is held the lock file
  // says who holds it (`holder`: pid, what and since when, for a waiting process to show); when
  // another process holds it, `on_wait` is called once with what the file says of that holder,
  // before blocking. The lock file is opened without following a link: a symbolic link there is
  // refused, never followed. Throws std::runtime_error naming the file on any failure.
  explicit file_lock(const std::filesystem::path& target, const std::string& holder = "",
                     const std::function<void(const std::string& holder)>& on_wait = {});
  ~file_lock();
  file_lock(const file_lock&) = delete;
  file_lock& operator=(const file_lock&) = delete;

  double waited_s() const { return waited_s_; }  // how long it blocked for another holder

 private:
  int fd_ = -1;
  double waited_s_ = 0;
};

}  // namespace tune::util
