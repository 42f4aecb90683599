#include "util/atomic_file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <functional>
#include <mutex>
#include <regex>
#include <set>
#include <stdexcept>
#include <system_error>
#include <utility>
#include <vector>

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

write_fault_hook& fault_hook() {
  static write_fault_hook hook;
  return hook;
}

int injected(const fs::path& target, write_step step) { return fault_hook() ? fault_hook()(target, step) : 0; }

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

void fsync_folder(const fs::path& folder, const fs::path& target) {
  fd_guard fd(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd.get() < 0) throw io_error("open folder", folder, errno);
  if (const int err = injected(target, write_step::sync)) throw io_error("fsync folder", folder, err);
  if (::fsync(fd.get()) != 0) throw io_error("fsync folder", folder, errno);
}

// Unique among processes (pid) and threads (counter); taken only after a crashed process with a
// recycled pid left one behind, so callers move on to the next name.
fs::path next_temp_name(const fs::path& path) {
  static std::atomic<unsigned> counter{0};
  return folder_of(path) /
         ("." + path.filename().string() + "." + std::to_string(::getpid()) + "." + std::to_string(counter++) + ".tmp");
}

const std::regex& temp_name_pattern() {
  static const std::regex pattern(R"(^\..+\.(\d{1,9})\.\d+\.tmp$)");
  return pattern;
}

// A folder is swept once per process: the stamp writes a header per family into one folder, and
// the temporaries of dead processes there do not change meanwhile. A forked child is a process of
// its own, whose parent may since have been killed: it sweeps again.
void sweep_once(const fs::path& folder) {
  static std::mutex mutex;
  static std::set<fs::path> swept;
  static pid_t swept_by = 0;
  std::error_code ec;
  const fs::path key = fs::absolute(folder, ec).lexically_normal();
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (swept_by != ::getpid()) {
      swept.clear();
      swept_by = ::getpid();
    }
    if (!swept.insert(ec ? folder : key).second) return;
  }
  remove_stale_temporaries(folder);
}

int open_temp_beside(const fs::path& path, fs::path& temp) {
  for (;;) {
    temp = next_temp_name(path);
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
  sweep_once(folder_of(path));

  struct stat previous {};
  const bool replaces = ::stat(path.c_str(), &previous) == 0;

  fs::path temp;
  fd_guard fd(open_temp_beside(path, temp));
  try {
    if (const int err = injected(path, write_step::write)) throw io_error("write", temp, err);
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

void set_write_fault_hook(write_fault_hook hook) { fault_hook() = std::move(hook); }

staged_file::staged_file(const fs::path& path, std::string_view content)
    : path_(path), temp_(write_temp_beside(path, content)) {}

staged_file::staged_file(held, fs::path path, fs::path temp) : path_(std::move(path)), temp_(std::move(temp)) {}

staged_file::staged_file(staged_file&& other) noexcept
    : path_(std::move(other.path_)), temp_(std::exchange(other.temp_, fs::path())) {}

staged_file::~staged_file() {
  if (!temp_.empty()) ::unlink(temp_.c_str());
}

std::optional<staged_file> staged_file::hold(const fs::path& path) {
  sweep_once(folder_of(path));
  for (;;) {
    fs::path temp = next_temp_name(path);
    if (::link(path.c_str(), temp.c_str()) == 0) return staged_file(held{}, path, std::move(temp));
    if (errno == ENOENT) return std::nullopt;
    if (errno != EEXIST) throw io_error("keep a link to", path, errno);
  }
}

void staged_file::commit() {
  const int fault = injected(path_, write_step::rename);
  if (fault || ::rename(temp_.c_str(), path_.c_str()) != 0) {
    const int err = fault ? fault : errno;
    ::unlink(temp_.c_str());
    temp_.clear();
    throw io_error("replace", path_, err);
  }
  temp_.clear();
  fsync_folder(folder_of(path_), path_);
}

void write_file_atomic(const fs::path& path, std::string_view content) { staged_file(path, content).commit(); }

bool create_file_atomic(const fs::path& path, std::string_view content) {
  if (::access(path.c_str(), F_OK) == 0) return false;
  const fs::path temp = write_temp_beside(path, content);
  // link(), unlike rename(), fails when the name is taken: publication without clobbering.
  const int fault = injected(path, write_step::rename);
  const int rc = fault ? -1 : ::link(temp.c_str(), path.c_str());
  const int err = fault ? fault : errno;
  ::unlink(temp.c_str());
  if (rc != 0) {
    if (err == EEXIST) return false;
    throw io_error("create", path, err);
  }
  fsync_folder(folder_of(path), path);
  return true;
}

bool write_file_if_changed(const fs::path& path, std::string_view content) {
  sweep_once(folder_of(path));
  const auto current = read_file(path);
  if (current && *current == content) return false;
  write_file_atomic(path, content);
  return true;
}

int remove_stale_temporaries(const fs::path& folder) {
  const auto now = fs::file_time_type::clock::now();
  int removed = 0;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    std::smatch m;
    if (!std::regex_match(name, m, temp_name_pattern())) continue;
    std::error_code entry_ec;
    if (it->symlink_status(entry_ec).type() != fs::file_type::regular) continue;
    const long pid = std::stol(m[1].str());
    const bool running = pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
    const auto written = it->last_write_time(entry_ec);
    const bool old = !entry_ec && now - written > stale_temporary_age;
    if (running && !old) continue;
    if (fs::remove(it->path(), entry_ec)) ++removed;
  }
  return removed;
}

namespace {

std::string kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  return "a device or socket";
}

}  // namespace

read_refused::read_refused(const fs::path& path, std::string expected, std::string found)
    : std::runtime_error("cannot read " + quoted(path) + ": expected " + expected + ", found " + found +
                         "; remove it, or put the file that belongs there in its place"),
      expected_(std::move(expected)),
      found_(std::move(found)) {}

std::optional<long long> read_file_in_chunks(const fs::path& path, const std::function<void(std::string_view)>& chunk,
                                             std::size_t max_bytes) {
  const auto too_large = [&](const std::string& found) {
    return read_refused(path, "at most " + std::to_string(max_bytes) + " bytes", found);
  };
  // stat first, so a device is not even opened (opening some has effects); the open itself does
  // not wait for a FIFO's writer (O_NONBLOCK), and fstat then checks what was really opened.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return std::nullopt;
    throw io_error("read", path, errno);
  }
  if (!S_ISREG(st.st_mode)) throw read_refused(path, "a regular file", kind_of(st.st_mode));
  fd_guard fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
  if (fd.get() < 0) {
    if (errno == ENOENT) return std::nullopt;
    throw io_error("open", path, errno);
  }
  if (::fstat(fd.get(), &st) != 0) throw io_error("stat", path, errno);
  if (!S_ISREG(st.st_mode)) throw read_refused(path, "a regular file", kind_of(st.st_mode));
  if (static_cast<std::uintmax_t>(st.st_size) > max_bytes) throw too_large(std::to_string(st.st_size) + " bytes");

  // Files under /proc report a size of 0, and a file may grow while it is read: the bound holds
  // on what is read, not only on what stat said.
  std::size_t total = 0;
  std::vector<char> buffer(std::size_t{1} << 16);
  for (;;) {
    const ssize_t n = ::read(fd.get(), buffer.data(), buffer.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw io_error("read", path, errno);
    }
    if (n == 0) break;
    total += static_cast<size_t>(n);
    if (total > max_bytes) throw too_large("more than " + std::to_string(max_bytes) + " bytes");
    chunk(std::string_view(buffer.data(), static_cast<size_t>(n)));
  }
  return static_cast<long long>(st.st_mtim.tv_sec) * 1'000'000'000LL + st.st_mtim.tv_nsec;
}

std::optional<file_snapshot> read_file_snapshot(const fs::path& path, std::size_t max_bytes) {
  file_snapshot snapshot;
  const auto append = [&](std::string_view bytes) { snapshot.content.append(bytes); };
  const auto mtime = read_file_in_chunks(path, append, max_bytes);
  if (!mtime) return std::nullopt;
  snapshot.mtime_ns = *mtime;
  return snapshot;
}

std::optional<std::string> read_file(const fs::path& path, std::size_t max_bytes) {
  auto snapshot = read_file_snapshot(path, max_bytes);
  if (!snapshot) return std::nullopt;
  return std::move(snapshot->content);
}

std::optional<std::string> read_file_if_readable(const fs::path& path, std::size_t max_bytes) {
  try {
    return read_file(path, max_bytes);
  } catch (const std::runtime_error&) {
    return std::nullopt;
  }
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
