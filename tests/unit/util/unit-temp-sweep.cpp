#include <doctest/doctest.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>

#include "test_files.h"
#include "util/atomic_file.h"

using namespace tune;
namespace fs = std::filesystem;

namespace {

// No process has this pid: Linux's pid_max is at most 2^22.
const std::string dead_pid = "999999999";

std::string live_pid() { return std::to_string(::getpid()); }

long long now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Clears the fault hook however a test ends.
struct fault_hook {
  explicit fault_hook(util::write_fault_hook hook) { util::set_write_fault_hook(std::move(hook)); }
  ~fault_hook() { util::set_write_fault_hook({}); }
};

}  // namespace

TEST_CASE("temporaries of processes that no longer run, or older than an hour, are removed; a writer's are kept") {
  test::temp_dir dir;
  const auto dead = dir / (".app.tune.json." + dead_pid + ".0.tmp");
  const auto alive = dir / (".app.tune.json." + live_pid() + ".3.tmp");
  // A pid that runs again after its writer was killed (a reused pid) would keep this one forever.
  const auto old = dir / (".dot.h." + live_pid() + ".4.tmp");
  const auto other = dir / "notes.tmp";
  const auto folder = dir / (".cache." + dead_pid + ".1.tmp");
  for (const auto& f : {dead, alive, old, other}) test::write_text(f, "x");
  test::set_mtime_ns(old, now_ns() - 2LL * 3600 * 1'000'000'000LL);
  fs::create_directory(folder);

  CHECK(util::remove_stale_temporaries(dir.path()) == 2);
  CHECK_FALSE(fs::exists(dead));
  CHECK_FALSE(fs::exists(old));
  CHECK(fs::exists(alive));
  CHECK(fs::exists(other));
  CHECK(fs::is_directory(folder));
  CHECK(util::remove_stale_temporaries(dir / "absent") == 0);
}

TEST_CASE("the first write into a folder clears the temporaries a killed writer left there, whichever write it is") {
  // Before, only the mint's sidecar and state folders were swept: a killed stamp's `.dot.h.<pid>.<n>.tmp`
  // and a killed archive's temporary in the history stayed for good.
  test::temp_dir dir;
  const auto dead = dir / (".dot.h." + dead_pid + ".4.tmp");
  const auto alive = dir / (".dot.h." + live_pid() + ".999999.tmp");
  test::write_text(dead, "x");
  test::write_text(alive, "x");
  SUBCASE("write_file_atomic (the sidecar, profiles)") { util::write_file_atomic(dir / "dot.h", "y"); }
  SUBCASE("create_file_atomic (the history)") { CHECK(util::create_file_atomic(dir / "entry.json", "y")); }
  SUBCASE("write_file_if_changed that writes nothing (a stamp's unchanged header)") {
    test::write_text(dir / "dot.h", "same");
    CHECK_FALSE(util::write_file_if_changed(dir / "dot.h", "same"));
  }
  SUBCASE("a staged file") { util::staged_file(dir / "dot.h", "y").commit(); }
  CHECK_FALSE(fs::exists(dead));
  CHECK(fs::exists(alive));
}

TEST_CASE("an injected fault fails the write it names, leaving the file as it was and no temporary") {
  test::temp_dir dir;
  const auto file = dir / "state.json";
  util::write_file_atomic(file, "old");
  SUBCASE("no space for the temporary's bytes") {
    fault_hook hook([&](const fs::path& target, util::write_step step) {
      return target == file && step == util::write_step::write ? ENOSPC : 0;
    });
    CHECK_THROWS_WITH_AS(util::write_file_atomic(file, "new"), doctest::Contains("No space left on device"),
                         std::runtime_error);
  }
  SUBCASE("the rename refused") {
    fault_hook hook([&](const fs::path& target, util::write_step step) {
      return target == file && step == util::write_step::rename ? EROFS : 0;
    });
    CHECK_THROWS_WITH_AS(util::write_file_atomic(file, "new"),
                         ("cannot replace \"" + file.string() + "\": Read-only file system").c_str(),
                         std::runtime_error);
  }
  CHECK(test::read_text(file) == "old");
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++entries;
  CHECK(entries == 1);
}

TEST_CASE("a held file goes back in place on commit, and is let go when destroyed") {
  test::temp_dir dir;
  const auto file = dir / "proj.tune.json.bak";
  CHECK_FALSE(util::staged_file::hold(file).has_value());
  test::write_text(file, "generation 1");
  {
    auto held = util::staged_file::hold(file);
    REQUIRE(held.has_value());
    util::write_file_atomic(file, "generation 2");
    held->commit();
  }
  CHECK(test::read_text(file) == "generation 1");
  { auto dropped = util::staged_file::hold(file); }
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++entries;
  CHECK(entries == 1);
}
