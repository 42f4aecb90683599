#include "util/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <stdexcept>
#include <system_error>

#include "util/error_text.h"

namespace tune::util {
namespace fs = std::filesystem;

namespace {

std::runtime_error io_error(const std::string& action, const fs::path& path, int err) {
  return std::runtime_error("cannot " + action + " " + quoted(path) + ": " + std::generic_category().message(err));
}

class fd_guard {
 public:
  explicit fd_guard(int fd) : fd_(fd) {}
  ~fd_guard() {
    if (fd_ >= 0) ::close(fd_);
  }
  fd_guard(const fd_guard&) = delete;
  fd_guard& operator=(const fd_guard&) = delete;
  int get() const { return fd_; }
  // Closes now, so a failing close (NFS reports late write errors there) can be reported.
  int close() {
    const int rc = ::close(fd_);
    fd_ = -1;
    return rc;
  }

 private:
  int fd_;
};

fs::path folder_of(const fs::path& path) { return path.has_parent_path() ? path.parent_path() : fs::path("."); }

void write_all(int fd, std::string_view content, const fs::path& path) {
  while (!content.empty()) {
    const ssize_t n = ::write(fd, content.data(), content.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw io_error("write", path, errno);
    }
    content.remove_prefix(static_cast<size_t>(n));
  }
}

void fsync_folder(const fs::path& folder) {
  fd_guard fd(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd.get() < 0) throw io_error("open folder", folder, errno);
  if (::fsync(fd.get()) != 0) throw io_error("fsync folder", folder, errno);
}

// Unique among processes (pid) and threads (counter); EEXIST only after a crashed process
// with a recycled pid left one behind, so the loop moves on to the next number.
int open_temp_beside(const fs::path& path, fs::path& temp) {
  static std::atomic<unsigned> counter{0};
  const fs::path folder = folder_of(path);
  for (;;) {
    temp = folder / ("." + path.filename().string() + "." + std::to_string(::getpid()) + "." +
                     std::to_string(counter++) + ".tmp");
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
    if (fd >= 0) return fd;
    if (errno != EEXIST) throw io_error("create a temporary file for", path, errno);
  }
}

// Writes `content` to a fresh temporary file beside `path`, durably, and returns its name. The
// temporary takes over the mode of a file it is about to replace.
fs::path write_temp_beside(const fs::path& path, std::string_view content) {
  std::error_code ec;
  fs::create_directories(folder_of(path), ec);
  if (ec) throw io_error("create the folder of", path, ec.value());

  struct stat previous {};
  const bool replaces = ::stat(path.c_str(), &previous) == 0;

  fs::path temp;
  fd_guard fd(open_temp_beside(path, temp));
  try {
    write_all(fd.get(), content, temp);
    if (replaces && ::fchmod(fd.get(), previous.st_mode & 07777) != 0) throw io_error("set the mode of", temp, errno);
    if (::fsync(fd.get()) != 0) throw io_error("fsync", temp, errno);
    if (fd.close() != 0) throw io_error("close", temp, errno);
  } catch (...) {
    ::unlink(temp.c_str());
    throw;
  }
  return temp;
}

}  // namespace

void write_file_atomic(const fs::path& path, std::string_view content) {
  const fs::path temp = write_temp_beside(path, content);
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(temp.c_str());
    throw io_error("replace", path, err);
  }
  fsync_folder(folder_of(path));
}

bool create_file_atomic(const fs::path& path, std::string_view content) {
  if (::access(path.c_str(), F_OK) == 0) return false;
  const fs::path temp = write_temp_beside(path, content);
  // link(), unlike rename(), fails when the name is taken: publication without clobbering.
  const int rc = ::link(temp.c_str(), path.c_str());
  const int err = errno;
  ::unlink(temp.c_str());
  if (rc != 0) {
    if (err == EEXIST) return false;
    throw io_error("create", path, err);
  }
  fsync_folder(folder_of(path));
  return true;
}

bool write_file_if_changed(const fs::path& path, std::string_view content) {
  const auto current = read_file(path);
  if (current && *current == content) return false;
  write_file_atomic(path, content);
  return true;
}

std::optional<file_snapshot> read_file_snapshot(const fs::path& path) {
  fd_guard fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) {
    if (errno == ENOENT) return std::nullopt;
    throw io_error("open", path, errno);
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) throw io_error("stat", path, errno);

  file_snapshot snapshot;
  snapshot.mtime_ns = static_cast<long long>(st.st_mtim.tv_sec) * 1'000'000'000LL + st.st_mtim.tv_nsec;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw io_error("read", path, errno);
    }
    if (n == 0) break;
    snapshot.content.append(buffer, static_cast<size_t>(n));
  }
  return snapshot;
}

std::optional<std::string> read_file(const fs::path& path) {
  auto snapshot = read_file_snapshot(path);
  if (!snapshot) return std::nullopt;
  return std::move(snapshot->content);
}

std::optional<long long> mtime_ns(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return std::nullopt;
    throw io_error("stat", path, errno);
  }
  return static_cast<long long>(st.st_mtim.tv_sec) * 1'000'000'000LL + st.st_mtim.tv_nsec;
}

}  // namespace tune::util
