// Machine-state telemetry (measure/machine_state.h) read from fixture trees: every value found is
// recorded, every value missing says "unavailable", never 0.
#include <doctest/doctest.h>

#include "measure/machine_state.h"

using namespace tune::measure;

namespace {

const std::filesystem::path fixtures = std::filesystem::path(TUNE_MEASURE_FIXTURES) / "machine";

machine_sources fixture(const std::string& tree, std::optional<int> cpu) {
  const std::filesystem::path root = fixtures / tree;
  return {root / "proc", root / "sys", [cpu] { return cpu; }};
}

std::string file(const std::string& tree, const std::string& below_sys) {
  return (fixtures / tree / "sys" / below_sys).generic_string();
}

}  // namespace

TEST_CASE("a tree with cgroup v1 and v2, turbo off, governor per CPU") {
  const auto state = machine_state(fixture("both", 1));
  CHECK(state["load_avg"] == nlohmann::json{{"1m", 0.52}, {"5m", 0.40}, {"15m", 0.31}});
  CHECK(state["cpu"] == 1);
  CHECK(state["governor"] == "performance");
  CHECK(state["turbo"] == "off");
  CHECK(state["cgroup_v1"] == nlohmann::json{{"nr_throttled", 3},
                                             {"throttled_usec", 1234},
                                             {"file", file("both", "fs/cgroup/cpu,cpuacct/cpu.stat")}});
  CHECK(state["cgroup_v2"] == nlohmann::json{{"nr_throttled", 2},
                                             {"throttled_usec", 4000},
                                             {"file", file("both", "fs/cgroup/user.slice/session-1.scope/cpu.stat")}});
}

TEST_CASE("an unknown CPU reads cpu0's governor and records the CPU as unavailable") {
  const auto state = machine_state(fixture("both", std::nullopt));
  CHECK(state["cpu"] == "unavailable");
  CHECK(state["governor"] == "powersave");
}

TEST_CASE("cgroup v1 at cpu/, boost on, no v2 line, no load average") {
  const auto state = machine_state(fixture("v1-only", 0));
  CHECK(state["cgroup_v1"] == nlohmann::json{{"nr_throttled", 0},
                                             {"throttled_usec", 0},
                                             {"file", file("v1-only", "fs/cgroup/cpu/cpu.stat")}});
  CHECK(state["cgroup_v2"] == "unavailable");
  CHECK(state["turbo"] == "on");
  CHECK(state["load_avg"] == "unavailable");
  CHECK(state["governor"] == "unavailable");
}

TEST_CASE("a v2 root cgroup without throttled_usec records that key as unavailable") {
  const auto state = machine_state(fixture("v2-partial", 0));
  CHECK(state["cgroup_v2"] == nlohmann::json{{"nr_throttled", 9},
                                             {"throttled_usec", "unavailable"},
                                             {"file", file("v2-partial", "fs/cgroup/cpu.stat")}});
  CHECK(state["cgroup_v1"] == "unavailable");
}

TEST_CASE("a hybrid host: v1 cpu alone at cpu/, v2 at unified/, both read from this process's own cgroup") {
  // As on this project's machines: cpu and cpuacct mounted apart, the unified hierarchy beside them.
  const auto state = machine_state(fixture("hybrid", 0));
  CHECK(state["cgroup_v1"] == nlohmann::json{{"nr_throttled", 7},
                                             {"throttled_usec", 2500},
                                             {"file", file("hybrid", "fs/cgroup/cpu/ci/job/cpu.stat")}});
  CHECK(state["cgroup_v2"] == nlohmann::json{{"nr_throttled", 7},
                                             {"throttled_usec", 2500},
                                             {"file", file("hybrid", "fs/cgroup/unified/ci/job/cpu.stat")}});
}

TEST_CASE("a container: the mount shows its own cgroup as the root") {
  const auto state = machine_state(fixture("container", 0));
  CHECK(state["cgroup_v2"] == nlohmann::json{{"nr_throttled", 4},
                                             {"throttled_usec", 800},
                                             {"file", file("container", "fs/cgroup/cpu.stat")}});
  CHECK(state["cgroup_v1"] == "unavailable");
}

TEST_CASE("an empty root records everything as unavailable") {
  const auto state = machine_state(fixture("absent", std::nullopt));
  for (const char* key : {"load_avg", "cpu", "governor", "turbo", "cgroup_v1", "cgroup_v2"}) {
    CAPTURE(key);
    CHECK(state[key] == "unavailable");
  }
}

TEST_CASE("the live machine gives a snapshot with every key") {
  const auto state = machine_state();
  for (const char* key : {"load_avg", "cpu", "governor", "turbo", "cgroup_v1", "cgroup_v2"}) {
    CAPTURE(key);
    CHECK(state.contains(key));
  }
}
