// A mint's write into a full file system (docs/design/hostile-inputs.md, "Faults"): a tmpfs of 64 KiB, filled, holds
// the sidecar. The upsert fails naming the sidecar, and the sidecar on disk is the one before it.
// Mounting needs root (CAP_SYS_ADMIN); where mount is refused the case says so and checks nothing.
#include <doctest/doctest.h>
#include <sys/mount.h>

#include <fstream>
#include <string>

#include "sidecar/store.h"
#include "sidecar_fixture.h"

using namespace tune;
namespace fs = std::filesystem;

namespace {

// A 64 KiB tmpfs on `folder`, unmounted at scope exit (before the temporary folder is removed).
struct small_tmpfs {
  fs::path folder;
  bool mounted = false;
  explicit small_tmpfs(fs::path at) : folder(std::move(at)) {
    fs::create_directories(folder);
    mounted = ::mount("tmpfs", folder.c_str(), "tmpfs", 0, "size=64k") == 0;
  }
  ~small_tmpfs() {
    if (mounted) ::umount2(folder.c_str(), MNT_DETACH);
  }
  // Writes a file until the file system says it is full.
  void fill() const {
    std::ofstream filler(folder / "filler", std::ios::binary);
    const std::string block(4096, 'x');
    while (filler.write(block.data(), block.size()) && filler.flush()) {
    }
  }
};

}  // namespace

TEST_CASE_FIXTURE(test::sidecar_fixture, "a full file system fails the upsert naming the sidecar, which survives") {
  small_tmpfs disk(dir / "full");
  if (!disk.mounted) {
    MESSAGE("mount -t tmpfs is refused here (not root, or no CAP_SYS_ADMIN): the full-disk case is not run");
    return;
  }
  const fs::path on_tmpfs = disk.folder / "proj.tune.json";
  const auto alpha = bench("alpha");
  sidecar::upsert(on_tmpfs, test::update_for("alpha", alpha, {{"dot", "unroll4_base"}}));
  const std::string before = test::read_text(on_tmpfs);

  disk.fill();
  auto bigger = test::update_for("alpha", alpha, {{"dot", "unroll4_base"}});
  std::map<std::string, double> rows;
  for (int i = 0; i < 2000; ++i) rows["row" + std::to_string(i)] = 1000 + i;
  bigger.race["dot"] = test::race_table("row0", "row0", nullptr, rows);
  std::string error;
  try {
    sidecar::upsert(on_tmpfs, bigger);
  } catch (const std::exception& e) {
    error = e.what();
  }
  INFO("the error: ", error);
  CHECK(error.find(disk.folder.string()) != std::string::npos);
  CHECK(error.find("No space left on device") != std::string::npos);
  CHECK(test::read_text(on_tmpfs) == before);
}
