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

TEST_CASE("a symbolic link where the lock file goes is refused, never followed") {
  test::temp_dir dir;
  const auto target = dir.path() / "elsewhere";
  std::filesystem::create_symlink(target, dir.path() / "app.tune.json.lock");
  CHECK_THROWS_WITH_AS(util::file_lock(dir.path() / "app.tune.json"),
                       ("cannot open lock file \"" + (dir.path() / "app.tune.json.lock").string() +
                        "\": it is a symbolic link; cmake-tune makes its lock files itself and never follows a link "
                        "there: remove it")
                           .c_str(),
                       std::runtime_error);
  CHECK_FALSE(std::filesystem::exists(target));
}

TEST_CASE("a process that waits for the lock is told who holds it, and how long it waited is kept") {
  test::temp_dir dir;
  const auto target = dir.path() / "mint";
  int ready[2];
  REQUIRE(::pipe(ready) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    util::file_lock held(target, "pid 4242, scope heat, since 2026-12-01T10:00:00Z");
    char go = 1;
    [[maybe_unused]] const auto w = ::write(ready[1], &go, 1);
    ::usleep(300'000);
    ::_exit(0);
  }
  char go = 0;
  REQUIRE(::read(ready[0], &go, 1) == 1);
  std::string told;
  util::file_lock lock(target, "pid me", [&](const std::string& holder) { told = holder; });
  CHECK(told == "pid 4242, scope heat, since 2026-12-01T10:00:00Z");
  CHECK(lock.waited_s() > 0.1);
  int status = 0;
  ::waitpid(child, &status, 0);
  ::close(ready[0]);
  ::close(ready[1]);
  CHECK(*util::read_file(dir.path() / "mint.lock") == "pid me\n");
}

TEST_CASE("a temporary is never created through a link: a planted link at its name is not followed") {
  test::temp_dir dir;
  // The writer picks the names .<file>.<pid>.<n>.tmp, n counting up in this process: links planted at
  // the next thousand names are skipped, never written through.
  for (int n = 0; n < 1000; ++n)
    std::filesystem::create_symlink(dir.path() / "victim", dir.path() / (".f.json." + std::to_string(::getpid()) + "." +
                                                                         std::to_string(n) + ".tmp"));
  for (int i = 0; i < 3; ++i) util::write_file_atomic(dir.path() / "f.json", "content");
  CHECK_FALSE(std::filesystem::exists(dir.path() / "victim"));
  CHECK(*util::read_file(dir.path() / "f.json") == "content");
}
