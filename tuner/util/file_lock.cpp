#include "util/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace tune::util {
namespace fs = std::filesystem;

// The lock file is never removed: unlinking it while another process waits on the old inode
// would let a third process lock a new inode and run beside it.
file_lock::file_lock(const fs::path& target) {
  fs::path lock_path = target;
  lock_path += ".lock";
  const auto fail = [&](const std::string& action, int err) {
    return std::runtime_error("cannot " + action + " \"" + lock_path.string() +
                              "\": " + std::generic_category().message(err));
  };

  if (lock_path.has_parent_path()) {
    std::error_code ec;
    fs::create_directories(lock_path.parent_path(), ec);
    if (ec) throw fail("create the folder of", ec.value());
  }
  fd_ = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (fd_ < 0) throw fail("open lock file", errno);
  while (::flock(fd_, LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    const int err = errno;
    ::close(fd_);
    throw fail("lock", err);
  }
}

file_lock::~file_lock() { ::close(fd_); }  // closing the descriptor releases the flock

}  // namespace tune::util
