#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <string_view>
#include <vector>

#include "test_files.h"
#include "util/atomic_file.h"

using namespace tune;
namespace fs = std::filesystem;

namespace {

// Names in `dir` other than `keep`: a leftover temporary would show up here.
std::vector<std::string> others(const fs::path& dir, const std::string& keep) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename() != keep) names.push_back(entry.path().filename().string());
  return names;
}

}  // namespace

TEST_CASE("write_file_atomic creates missing folders and replaces the old content") {
  test::temp_dir dir;
  const fs::path file = dir / "a/b/state.json";
  util::write_file_atomic(file, "first");
  CHECK(test::read_text(file) == "first");
  util::write_file_atomic(file, "second, longer");
  CHECK(test::read_text(file) == "second, longer");
  CHECK(others(file.parent_path(), "state.json").empty());
}

TEST_CASE("write_file_atomic keeps the mode of the file it replaces") {
  test::temp_dir dir;
  const fs::path file = dir / "script.sh";
  util::write_file_atomic(file, "one");
  fs::permissions(file, fs::perms::owner_all | fs::perms::group_read);
  util::write_file_atomic(file, "two");
  CHECK(fs::status(file).permissions() == (fs::perms::owner_all | fs::perms::group_read));
}

TEST_CASE("write_file_atomic names the path when it cannot write") {
  test::temp_dir dir;
  test::write_text(dir / "plain", "a file, not a folder");
  const fs::path file = dir / "plain/state.json";
  CHECK_THROWS_WITH_AS(util::write_file_atomic(file, "x"),
                       ("cannot create the folder of \"" + file.string() + "\": Not a directory").c_str(),
                       std::runtime_error);
}

TEST_CASE("write_file_if_changed leaves identical content and its mtime alone") {
  test::temp_dir dir;
  const fs::path file = dir / "stamp.h";
  CHECK(util::write_file_if_changed(file, "int x;\n"));
  const long long past = 1'000'000'000LL * 1'000'000'000LL + 17;
  test::set_mtime_ns(file, past);
  CHECK_FALSE(util::write_file_if_changed(file, "int x;\n"));
  CHECK(util::mtime_ns(file) == past);
  CHECK(util::write_file_if_changed(file, "int y;\n"));
  CHECK(test::read_text(file) == "int y;\n");
  CHECK(util::mtime_ns(file) != past);
}

TEST_CASE("create_file_atomic never replaces an existing file") {
  test::temp_dir dir;
  const fs::path file = dir / "archive/1.json";
  CHECK(util::create_file_atomic(file, "kept"));
  CHECK_FALSE(util::create_file_atomic(file, "lost"));
  CHECK(test::read_text(file) == "kept");
  CHECK(others(file.parent_path(), "1.json").empty());
}

TEST_CASE("read_file and mtime_ns report absence as nullopt") {
  test::temp_dir dir;
  CHECK_FALSE(util::read_file(dir / "none").has_value());
  CHECK_FALSE(util::mtime_ns(dir / "none").has_value());
  CHECK_FALSE(util::read_file_snapshot(dir / "none").has_value());
}

TEST_CASE("read_file throws, naming the path, for errors other than absence") {
  test::temp_dir dir;
  fs::create_directory(dir / "folder");
  CHECK_THROWS_WITH_AS(util::read_file(dir / "folder"),
                       ("cannot read \"" + (dir / "folder").string() +
                        "\": expected a regular file, found a directory; remove it, or put the file that belongs "
                        "there in its place")
                           .c_str(),
                       util::read_refused);
}

TEST_CASE("every read refuses a FIFO or a device before reading, and stops at its bound") {
  // Before the bound, a FIFO blocked the reader and /dev/zero was read without end: the alarm
  // turns such a hang into a failure of this test instead of a stuck test run.
  ::alarm(20);
  test::temp_dir dir;
  const fs::path fifo = dir / "fifo.json";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const fs::path zero = dir / "zero.json";
  fs::create_symlink("/dev/zero", zero);
  const auto refusal = [](const fs::path& path, const std::string& found) {
    return "cannot read \"" + path.string() + "\": expected a regular file, found " + found +
           "; remove it, or put the file that belongs there in its place";
  };
  CHECK_THROWS_WITH_AS(util::read_file(fifo), refusal(fifo, "a FIFO").c_str(), util::read_refused);
  CHECK_THROWS_WITH_AS(util::read_file_snapshot(zero), refusal(zero, "a device or socket").c_str(), util::read_refused);
  CHECK_THROWS_WITH_AS(util::read_file_in_chunks(fifo, [](std::string_view) {}), refusal(fifo, "a FIFO").c_str(),
                       util::read_refused);

  const fs::path big = dir / "big.json";
  util::write_file_atomic(big, std::string(2000, 'x'));
  CHECK(util::read_file(big, 2000) == std::string(2000, 'x'));
  try {
    (void)util::read_file(big, 1000);
    FAIL("a file past the bound must be refused");
  } catch (const util::read_refused& e) {
    CHECK(e.expected() == "at most 1000 bytes");
    CHECK(e.found() == "2000 bytes");
  }
  // /proc reports a size of 0: the bound holds on the bytes read.
  CHECK_FALSE(util::read_file("/proc/self/status")->empty());
  CHECK_THROWS_AS(util::read_file("/proc/self/status", 10), util::read_refused);
  ::alarm(0);
}

TEST_CASE("mtime_ns keeps nanoseconds; a snapshot pairs content with its mtime") {
  test::temp_dir dir;
  const fs::path file = dir / "bench";
  test::write_text(file, std::string(100'000, 'x'));
  const long long t = 1'800'000'000LL * 1'000'000'000LL + 123'456'789;
  test::set_mtime_ns(file, t);
  CHECK(util::mtime_ns(file) == t);
  const auto snapshot = util::read_file_snapshot(file);
  REQUIRE(snapshot.has_value());
  CHECK(snapshot->mtime_ns == t);
  CHECK(snapshot->content == std::string(100'000, 'x'));
}
