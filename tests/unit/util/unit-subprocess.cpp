// A child run with a deadline in a process group of its own (util/subprocess.h): at the deadline
// the whole group is killed, so what the child started does not live on under PID 1 (a hung
// bench's children outlived it).
#include <doctest/doctest.h>
#include <signal.h>

#include <chrono>
#include <string>
#include <thread>

#include "test_files.h"
#include "util/subprocess.h"

TEST_CASE("a deadline kills the child's whole process group") {
  tune::test::temp_dir dir;
  const auto pid_file = dir / "grandchild.pid";
  tune::util::spawn_options options;
  // The shell starts a grandchild and waits for it: the shell is the child, `sleep` its group's member.
  options.argv = {"/bin/sh", "-c", "sleep 300 & echo $! > '" + pid_file.string() + "'; wait"};
  options.timeout = std::chrono::milliseconds(300);
  options.own_process_group = true;
  const auto ran = tune::util::run_process(options);
  CHECK(ran.timed_out);
  const pid_t grandchild = std::stoi(tune::test::read_text(pid_file));
  // SIGKILL is delivered at once, but the kernel takes a moment to tear the process down.
  for (int i = 0; i < 100 && tune::test::process_alive(grandchild); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const bool survived = tune::test::process_alive(grandchild);
  if (survived) ::kill(grandchild, SIGKILL);
  CHECK_FALSE(survived);
}

TEST_CASE("a child in its own group that exits in time is not signalled") {
  tune::util::spawn_options options;
  options.argv = {"/bin/sh", "-c", "exit 3"};
  options.timeout = std::chrono::seconds(60);
  options.own_process_group = true;
  const auto ran = tune::util::run_process(options);
  CHECK_FALSE(ran.timed_out);
  CHECK(ran.exit_code == 3);
}
