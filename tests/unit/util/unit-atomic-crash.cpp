#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <nlohmann/json.hpp>

#include "test_files.h"
#include "util/atomic_file.h"

using namespace tune;

namespace {

// About 1 MiB, so most kills land inside a write.
std::string document(char fill) {
  return nlohmann::json{{"tag", std::string(1, fill)}, {"fill", std::string(1 << 20, fill)}}.dump();
}

[[noreturn]] void rewrite_forever(const std::filesystem::path& file, const std::string& a, const std::string& b,
                                  int progress) {
  try {
    for (unsigned i = 0;; ++i) {
      util::write_file_atomic(file, i % 2 ? b : a);
      const char done = 'w';
      if (::write(progress, &done, 1) != 1) ::_exit(2);
    }
  } catch (...) {
    ::_exit(1);
  }
}

}  // namespace

TEST_CASE("a writer SIGKILLed at any moment leaves the old content or the new, never a mix") {
  test::temp_dir dir;
  const auto file = dir / "state.json";
  const std::string a = document('a');
  const std::string b = document('b');
  util::write_file_atomic(file, a);

  for (int round = 0; round < 12; ++round) {
    int pipe_fds[2];
    REQUIRE(::pipe(pipe_fds) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      ::close(pipe_fds[0]);
      rewrite_forever(file, a, b, pipe_fds[1]);
    }
    ::close(pipe_fds[1]);
    // Readers during the rewrites see whole documents too; the kill comes after a varying number
    // of completed writes so it lands at different points of the next one.
    for (int seen = 0; seen < 1 + round % 4; ++seen) {
      char done = 0;
      REQUIRE(::read(pipe_fds[0], &done, 1) == 1);
      const auto during = util::read_file(file);
      REQUIRE(during.has_value());
      CHECK((*during == a || *during == b));
    }
    ::kill(child, SIGKILL);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    ::close(pipe_fds[0]);
    REQUIRE(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGKILL);

    const auto after = util::read_file(file);
    REQUIRE(after.has_value());
    CHECK((*after == a || *after == b));
    CHECK(nlohmann::json::parse(*after).at("fill").get<std::string>().size() == (1u << 20));
  }
}
