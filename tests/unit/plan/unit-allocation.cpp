// Allocation detection on fixture cgroup trees: v1, v2 and hosts that mix both, limits set only
// on a parent, containers that see part of the hierarchy, and the CPUS / MEMORY narrowing.
#include <doctest/doctest.h>

#include "plan/allocation.h"
#include "test_files.h"

using namespace tune::plan;
using tune::test::temp_dir;
using tune::test::write_text;

namespace {

// This machine's layout: cpu and memory on v1, the unified hierarchy beside them.
system_view hybrid(const temp_dir& root) {
  system_view v;
  v.root = root.path();
  v.affinity = {0, 1, 2, 3};
  v.proc_self_cgroup = "4:memory:/ci/job7\n2:cpu,cpuacct:/ci/job7\n1:name=systemd:/\n0::/ci/job7\n";
  v.proc_self_mountinfo =
      "24 18 0:21 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid shared:5 - cgroup cgroup rw,cpu,cpuacct\n"
      "25 18 0:22 / /sys/fs/cgroup/memory rw,nosuid shared:6 - cgroup cgroup rw,memory\n"
      "26 18 0:23 / /sys/fs/cgroup/unified rw,nosuid shared:7 - cgroup2 cgroup2 rw\n";
  return v;
}

system_view unified(const temp_dir& root, const std::string& path = "/user.slice/job") {
  system_view v;
  v.root = root.path();
  v.affinity = {0, 1, 2, 3, 4, 5, 6, 7};
  v.proc_self_cgroup = "0::" + path + "\n";
  v.proc_self_mountinfo = "30 22 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n";
  return v;
}

}  // namespace

TEST_CASE("allocation: v1 quota and memory set only on a parent bind, hybrid host") {
  temp_dir root;
  const auto cpu = root / "sys/fs/cgroup/cpu,cpuacct";
  write_text(cpu / "ci/cpu.cfs_quota_us", "150000\n");
  write_text(cpu / "ci/cpu.cfs_period_us", "100000\n");
  write_text(cpu / "ci/job7/cpu.cfs_quota_us", "-1\n");
  write_text(cpu / "ci/job7/cpu.cfs_period_us", "100000\n");
  const auto mem = root / "sys/fs/cgroup/memory";
  write_text(mem / "ci/memory.limit_in_bytes", "536870912\n");
  write_text(mem / "ci/job7/memory.limit_in_bytes", "9223372036854771712\n");
  write_text(mem / "memory.limit_in_bytes", "9223372036854771712\n");
  const auto a = detect_allocation(hybrid(root), {});
  REQUIRE(a.cpu_quota);
  CHECK(*a.cpu_quota == doctest::Approx(1.5));
  CHECK(a.threads == 2);
  CHECK(a.cpus == std::vector<int>{0, 1, 2, 3});
  REQUIRE(a.memory_bytes);
  CHECK(*a.memory_bytes == 536870912);
  CHECK(a.limits.at(1) == "cpu quota: " + (cpu / "ci/cpu.cfs_quota_us").string() + " = 150000 / 100000");
}

TEST_CASE("allocation: on a hybrid host a v2 limit in the unified tree counts too") {
  temp_dir root;
  write_text(root / "sys/fs/cgroup/unified/ci/cpu.max", "100000 100000\n");
  const auto a = detect_allocation(hybrid(root), {});
  CHECK(a.threads == 1);
}

TEST_CASE("allocation: v2 takes the minimum cpu.max over the cgroup and every ancestor") {
  temp_dir root;
  const auto base = root / "sys/fs/cgroup";
  write_text(base / "user.slice/cpu.max", "200000 100000\n");
  write_text(base / "user.slice/job/cpu.max", "max 100000\n");
  write_text(base / "user.slice/memory.max", "max\n");
  write_text(base / "user.slice/job/memory.max", "1073741824\n");
  auto a = detect_allocation(unified(root), {});
  CHECK(a.threads == 2);
  CHECK(*a.memory_bytes == 1073741824);

  write_text(base / "user.slice/job/cpu.max", "50000 100000\n");
  a = detect_allocation(unified(root), {});
  CHECK(*a.cpu_quota == doctest::Approx(0.5));
  CHECK(a.threads == 1);
}

TEST_CASE("allocation: v2 limits set only two levels up bind, and the report names the file") {
  temp_dir root;
  const auto base = root / "sys/fs/cgroup";
  write_text(base / "user.slice/cpu.max", "150000 100000\n");
  write_text(base / "user.slice/memory.max", "268435456\n");
  const auto a = detect_allocation(unified(root, "/user.slice/session/job"), {});
  REQUIRE(a.cpu_quota);
  CHECK(*a.cpu_quota == doctest::Approx(1.5));
  CHECK(a.threads == 2);
  REQUIRE(a.memory_bytes);
  CHECK(*a.memory_bytes == 268435456);
  bool named = false;
  for (const auto& limit : a.limits)
    named = named || limit.find((base / "user.slice/memory.max").string()) != std::string::npos;
  CHECK(named);
}

TEST_CASE("allocation: without limits the affinity decides") {
  temp_dir root;
  const auto a = detect_allocation(unified(root), {});
  CHECK(a.threads == 8);
  CHECK_FALSE(a.cpu_quota);
  CHECK_FALSE(a.memory_bytes);
  CHECK(describe_cpus(a.cpus) == "0-7");
}

TEST_CASE("allocation: a container's mount shows part of the hierarchy; paths are relative to it") {
  temp_dir root;
  system_view v = unified(root, "/docker/abc/app");
  v.proc_self_mountinfo = "30 22 0:26 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
  write_text(root / "sys/fs/cgroup/cpu.max", "300000 100000\n");
  write_text(root / "sys/fs/cgroup/app/cpu.max", "max 100000\n");
  CHECK(detect_allocation(v, {}).threads == 3);
}

TEST_CASE("allocation: CPUS and MEMORY narrow, and never enlarge") {
  temp_dir root;
  write_text(root / "sys/fs/cgroup/user.slice/memory.max", "1000000\n");
  const auto a = detect_allocation(unified(root), {3, 500000});
  CHECK(a.cpus == std::vector<int>{0, 1, 2});
  CHECK(a.threads == 3);
  CHECK(*a.memory_bytes == 500000);
  CHECK_THROWS_WITH_AS(detect_allocation(unified(root), {9, std::nullopt}),
                       "CPUS 9 exceeds the allocation of 8 CPUs (affinity and cgroup quota); CPUS only narrows it: "
                       "use CPUS <= 8 or omit it",
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(detect_allocation(unified(root), {std::nullopt, 2000000}),
                       "MEMORY 2000000 exceeds the allocation's memory limit of 1000000 bytes (cgroup); MEMORY only "
                       "narrows it: use MEMORY <= 1000000 or omit it",
                       std::runtime_error);
  CHECK_THROWS_WITH_AS(detect_allocation(unified(root), {0, std::nullopt}),
                       "CPUS 0 is not a positive number of CPUs; use CPUS >= 1 or omit it", std::runtime_error);
}

TEST_CASE("allocation: an unreadable limit is an error naming the file") {
  temp_dir root;
  const auto file = root / "sys/fs/cgroup/user.slice/cpu.max";
  write_text(file, "lots\n");
  CHECK_THROWS_WITH_AS(
      detect_allocation(unified(root), {}),
      ("cannot read the cgroup limit in " + file.string() + ": 'lots' is not '<quota|max> <period>'").c_str(),
      std::runtime_error);
}

TEST_CASE("allocation: this process's own view is readable") {
  const auto a = detect_allocation(live_system(), {});
  CHECK(a.threads >= 1);
  CHECK_FALSE(a.cpus.empty());
}
