#include "util/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <stdexcept>
#include <system_error>

namespace tune::util {
namespace fs = std::filesystem;

// The lock file is never removed: unlinking it while another process waits on the old inode
// would let a third process lock a new inode and run beside it.
file_lock::file_lock(const fs::path& target, const std::string& holder,
                     const std::function<void(const std::string&)>& on_wait) {
  fs::path lock_path = target;
  lock_path += ".lock";
  const auto fail = [&](const std::string& action, int err) {
    std::string why = std::generic_category().message(err);
    if (err == ELOOP)
      why = "it is a symbolic link; cmake-tune makes its lock files itself and never follows a link there: remove it";
    return std::runtime_error("cannot " + action + " \"" + lock_path.string() + "\": " + why);
  };

  if (lock_path.has_parent_path()) {
    std::error_code ec;
    fs::create_directories(lock_path.parent_path(), ec);
    if (ec) throw fail("create the folder of", ec.value());
  }
  fd_ = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
  if (fd_ < 0) throw fail("open lock file", errno);
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK) {
      const int err = errno;
      ::close(fd_);
      throw fail("lock", err);
    }
    if (on_wait) {
      std::string says(512, '\0');
      const ssize_t n = ::pread(fd_, says.data(), says.size(), 0);
      says.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
      while (!says.empty() && (says.back() == '\n' || says.back() == '\0')) says.pop_back();
      on_wait(says.empty() ? std::string("another process (it did not say which)") : says);
    }
    const auto started = std::chrono::steady_clock::now();
    while (::flock(fd_, LOCK_EX) != 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::close(fd_);
      throw fail("lock", err);
    }
    waited_s_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }
  // Who holds the lock is a courtesy to a waiting process; the lock is held whether it is written.
  if (!holder.empty() && ::ftruncate(fd_, 0) == 0) {
    const std::string text = holder + "\n";
    [[maybe_unused]] const ssize_t written = ::pwrite(fd_, text.data(), text.size(), 0);
  }
}

file_lock::~file_lock() { ::close(fd_); }  // closing the descriptor releases the flock

}  // namespace tune::util
