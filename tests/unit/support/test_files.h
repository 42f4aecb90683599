#pragma once
// Test helpers every unit test folder shares (tune_unit_test puts this folder on the include
// path): a temporary folder, exact mtimes, plain reads and writes, and environment overrides
// restored at scope exit.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

namespace tune::test {

class temp_dir {
 public:
  temp_dir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "tune-unit-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed for " + pattern);
    path_ = pattern;
  }
  ~temp_dir() {
    std::error_code ignored;  // a destructor cannot report; the folder is under the temp folder
    std::filesystem::remove_all(path_, ignored);
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

// Writes `text` to `path`, creating its folder.
inline void write_text(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Whether process `pid` runs: not gone and not a zombie waiting for a parent that does not reap
// (a container's PID 1 may not).
inline bool process_alive(pid_t pid) {
  const auto stat = std::filesystem::path("/proc") / std::to_string(pid) / "stat";
  if (!std::filesystem::exists(stat)) return false;
  const std::string text = read_text(stat);
  const auto state = text.find(") ");
  return state != std::string::npos && text[state + 2] != 'Z';
}

inline void set_mtime_ns(const std::filesystem::path& path, long long ns) {
  const timespec t{static_cast<time_t>(ns / 1'000'000'000LL), static_cast<long>(ns % 1'000'000'000LL)};
  const timespec times[2] = {t, t};
  if (::utimensat(AT_FDCWD, path.c_str(), times, 0) != 0)
    throw std::runtime_error("utimensat failed for " + path.string());
}

// Sets (or with nullopt unsets) an environment variable until the end of the scope.
class env_override {
 public:
  env_override(const char* name, const std::optional<std::string>& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value)
      ::setenv(name, value->c_str(), 1);
    else
      ::unsetenv(name);
  }
  ~env_override() {
    if (old_)
      ::setenv(name_.c_str(), old_->c_str(), 1);
    else
      ::unsetenv(name_.c_str());
  }
  env_override(const env_override&) = delete;
  env_override& operator=(const env_override&) = delete;

 private:
  std::string name_;
  std::optional<std::string> old_;
};

}  // namespace tune::test
