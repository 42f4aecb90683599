// Faults in a mint's writes, injected through util::set_write_fault_hook:
// a write that fails archives a FAILED stub and keeps every `.bak` generation; a mint killed on
// either side of the sidecar's rename is archived by the next mint; an upsert clears the
// temporaries killed writers left beside the sidecar and in the history.
#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>

#include "schema_checker.h"
#include "sidecar/history.h"
#include "sidecar/store.h"
#include "sidecar_fixture.h"
#include "util/atomic_file.h"
#include "util/json_file.h"

using namespace tune;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// 2026-11-29T18:00:00Z plus `s` seconds.
std::chrono::system_clock::time_point at_s(int s) {
  return std::chrono::system_clock::time_point(std::chrono::seconds(1795975200 + s));
}

struct fault_hook {
  explicit fault_hook(util::write_fault_hook hook) { util::set_write_fault_hook(std::move(hook)); }
  ~fault_hook() { util::set_write_fault_hook({}); }
};

struct faults_case : test::sidecar_fixture {
  fs::path alpha_bench = bench("alpha");
  fs::path backup = sidecar.string() + ".bak";
  fs::path history = dir / "history" / sidecar::history_folder_name(test::box_a);

  sidecar::scope_update mint(const std::string& seat) {
    return test::update_for("alpha", alpha_bench, {{"dot", seat}});
  }
  std::vector<std::string> history_names() {
    std::vector<std::string> names;
    for (const auto& e : sidecar::list_history(test::box_a)) names.push_back(e.file.filename().string());
    return names;
  }
  // Files beside the sidecar other than it, its .bak and its lock: temporaries, unarchived entries.
  std::string leftovers() {
    std::string names;
    for (const auto& e : fs::directory_iterator(dir.path())) {
      const std::string name = e.path().filename().string();
      if (name.starts_with(".") || name.find(".unarchived-") != std::string::npos)
        names += (names.empty() ? "" : " ") + name;
    }
    return names;
  }
  // The next run: a process of its own, so it sweeps the folders this one already swept.
  void next_run(const sidecar::scope_update& u, std::chrono::system_clock::time_point when) {
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      try {
        sidecar::upsert(sidecar, u, when);
      } catch (...) {
        ::_exit(1);
      }
      ::_exit(0);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 0);
  }
  // Runs `upsert` in a child process that the hook kills with SIGKILL at `step` of the sidecar's write.
  void killed_at(util::write_step step, const sidecar::scope_update& u, std::chrono::system_clock::time_point when) {
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      util::set_write_fault_hook([&](const fs::path& target, util::write_step s) {
        if (target == sidecar && s == step) ::raise(SIGKILL);
        return 0;
      });
      try {
        sidecar::upsert(sidecar, u, when);
      } catch (...) {
        ::_exit(1);
      }
      ::_exit(0);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFSIGNALED(status));
  }
};

}  // namespace

TEST_CASE_FIXTURE(faults_case, "a write that fails archives a FAILED stub and keeps the sidecar and every .bak") {
  // Before: no stub was archived, and a failure after the .bak had rotated discarded the older .bak.
  sidecar::upsert(sidecar, mint("gen1"), at_s(1));
  sidecar::upsert(sidecar, mint("gen2"), at_s(2));
  const std::string sidecar_before = test::read_text(sidecar), backup_before = test::read_text(backup);

  const struct {
    const char* what;
    fs::path target;
    util::write_step step;
    int err;
    std::string message;
  } faults[] = {
      {"the sidecar's bytes: no space", sidecar, util::write_step::write, ENOSPC, "No space left on device"},
      {"the .bak's bytes: no space", backup, util::write_step::write, ENOSPC, "No space left on device"},
      {"the sidecar's rename: busy", sidecar, util::write_step::rename, EBUSY,
       "cannot replace \"" + sidecar.string() + "\": Device or resource busy"},
      {"the sidecar's rename: not permitted", sidecar, util::write_step::rename, EPERM,
       "cannot replace \"" + sidecar.string() + "\": Operation not permitted"},
      {"the sidecar's rename: read-only", sidecar, util::write_step::rename, EROFS,
       "cannot replace \"" + sidecar.string() + "\": Read-only file system"},
  };
  int second = 3;
  for (const auto& f : faults) {
    CAPTURE(f.what);
    std::string error;
    {
      fault_hook hook([&](const fs::path& target, util::write_step step) {
        return target == f.target && step == f.step ? f.err : 0;
      });
      try {
        sidecar::upsert(sidecar, mint("gen3"), at_s(second++));
      } catch (const std::runtime_error& e) {
        error = e.what();
      }
    }
    CHECK(error.find(f.message) != std::string::npos);
    CHECK(test::read_text(sidecar) == sidecar_before);
    CHECK(test::read_text(backup) == backup_before);
    CHECK(leftovers() == "");
    const auto entries = sidecar::list_history(test::box_a);
    REQUIRE_FALSE(entries.empty());
    REQUIRE(entries.back().failed);
    const json stub = util::read_json_file(entries.back().file);
    CHECK(stub["reason"] == error);
    CHECK(stub["scope"] == "alpha");
    CHECK(stub["bench"] == alpha_bench.string());
  }
  CHECK(sidecar::list_history(test::box_a).size() == 2 + std::size(faults));
}

TEST_CASE_FIXTURE(faults_case, "a mint killed right after the sidecar's rename is archived by the next mint") {
  // Before: the sidecar was written and its mint never reached the history.
  sidecar::upsert(sidecar, mint("gen1"), at_s(1));
  killed_at(util::write_step::sync, mint("gen2"), at_s(2));
  const std::string written = test::read_text(sidecar);
  CHECK(util::read_json_file(sidecar)["kernels"]["dot"] == "gen2");
  CHECK(history_names() == std::vector<std::string>{"20261129T180001.000Z-alpha.tune.json"});

  const auto result = sidecar::upsert(sidecar, mint("gen3"), at_s(3));
  CHECK(history_names() == std::vector<std::string>{"20261129T180001.000Z-alpha.tune.json",
                                                    "20261129T180002.000Z-alpha.tune.json",
                                                    "20261129T180003.000Z-alpha.tune.json"});
  CHECK(test::read_text(history / "20261129T180002.000Z-alpha.tune.json") == written);
  CHECK(result.diff.find("that an earlier run left unarchived") != std::string::npos);
  CHECK(leftovers() == "");
}

TEST_CASE_FIXTURE(faults_case, "a mint killed before the sidecar's rename is archived by the next mint as failed") {
  sidecar::upsert(sidecar, mint("gen1"), at_s(1));
  const std::string before = test::read_text(sidecar);
  killed_at(util::write_step::rename, mint("gen2"), at_s(2));
  CHECK(test::read_text(sidecar) == before);
  CHECK(leftovers() != "");  // its temporaries and its unarchived entry
  int entries = 0;
  for (const auto& e : fs::directory_iterator(dir.path())) {
    if (e.path().filename().string().find(".unarchived-") == std::string::npos) continue;
    ++entries;
    const json schema = util::read_json_file(fs::path(TUNE_SCHEMA_DIR) / "tune-unarchived-1.schema.json");
    CHECK(test::schema_violations(schema, util::read_json_file(e.path())) == std::vector<std::string>{});
  }
  CHECK(entries == 1);

  next_run(mint("gen3"), at_s(3));
  CHECK(history_names() == std::vector<std::string>{"20261129T180001.000Z-alpha.tune.json",
                                                    "20261129T180002.000Z-alpha.FAILED.json",
                                                    "20261129T180003.000Z-alpha.tune.json"});
  CHECK(util::read_json_file(history / "20261129T180002.000Z-alpha.FAILED.json")["reason"] ==
        "the mint was killed before it replaced the sidecar");
  CHECK(leftovers() == "");
}

TEST_CASE_FIXTURE(faults_case, "a mint whose archive fails is archived by the next mint that can") {
  const auto in_history = [&](const fs::path& target) { return target.parent_path() == history; };
  {
    fault_hook hook([&](const fs::path& target, util::write_step step) {
      return in_history(target) && step == util::write_step::write ? EROFS : 0;
    });
    CHECK_THROWS_WITH_AS(sidecar::upsert(sidecar, mint("gen1"), at_s(1)),
                         doctest::Contains("\" was written, but archiving the mint failed: cannot write \""),
                         std::runtime_error);
    // A second mint while the history is still out of reach keeps both for later.
    CHECK_THROWS_WITH_AS(sidecar::upsert(sidecar, mint("gen2"), at_s(2)),
                         doctest::Contains("; the next mint of it archives this one"), std::runtime_error);
  }
  CHECK(util::read_json_file(sidecar)["kernels"]["dot"] == "gen2");
  CHECK(history_names().empty());

  sidecar::upsert(sidecar, mint("gen3"), at_s(3));
  CHECK(history_names() == std::vector<std::string>{"20261129T180001.000Z-alpha.tune.json",
                                                    "20261129T180002.000Z-alpha.tune.json",
                                                    "20261129T180003.000Z-alpha.tune.json"});
  CHECK(util::read_json_file(history / "20261129T180001.000Z-alpha.tune.json")["kernels"]["dot"] == "gen1");
  CHECK(leftovers() == "");
}

TEST_CASE_FIXTURE(faults_case,
                  "an upsert clears the temporaries killed writers left beside the sidecar and in the history") {
  const fs::path beside = dir / ".proj.tune.json.999999999.3.tmp";
  const fs::path archived = history / ".20261129T180000.000Z-alpha.tune.json.999999999.3.tmp";
  test::write_text(beside, "x");
  test::write_text(archived, "x");
  sidecar::upsert(sidecar, mint("gen1"), at_s(1));
  CHECK_FALSE(fs::exists(beside));
  CHECK_FALSE(fs::exists(archived));
}
