#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

#include "test_files.h"
#include "util/atomic_file.h"
#include "util/file_lock.h"

using namespace tune;

namespace {

// flock locks belong to an open file description, so a second open in this process competes
// exactly like another process would.
bool lock_is_free(const std::filesystem::path& lock_file) {
  const int fd = ::open(lock_file.c_str(), O_RDWR | O_CLOEXEC);
  REQUIRE(fd >= 0);
  const bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
  const int err = errno;
  ::close(fd);
  if (!free) REQUIRE(err == EWOULDBLOCK);
  return free;
}

// Read-modify-write of a counter: without the lock, increments from the two processes get lost.
int increment(const std::filesystem::path& counter, int times) {
  for (int i = 0; i < times; ++i) {
    util::file_lock lock(counter);
    const int value = std::stoi(util::read_file(counter).value());
    util::write_file_atomic(counter, std::to_string(value + 1));
  }
  return 0;
}

}  // namespace

TEST_CASE("file_lock holds <path>.lock exclusively until it is destroyed") {
  test::temp_dir dir;
  const auto target = dir / "sub/p.tune.json";
  {
    util::file_lock lock(target);
    CHECK(std::filesystem::exists(dir / "sub/p.tune.json.lock"));
    CHECK_FALSE(lock_is_free(dir / "sub/p.tune.json.lock"));
  }
  CHECK(lock_is_free(dir / "sub/p.tune.json.lock"));
}

TEST_CASE("two processes serialize on file_lock and lose no update") {
  test::temp_dir dir;
  const auto counter = dir / "counter";
  util::write_file_atomic(counter, "0");
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    try {
      ::_exit(increment(counter, 100));
    } catch (...) {
      ::_exit(1);
    }
  }
  increment(counter, 100);
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(util::read_file(counter) == "200");
}
