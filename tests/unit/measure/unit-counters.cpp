// Hardware counters (measure/counters.h) on whatever box runs the tests: every event is either
// counted or listed with why, never read as a zero; a software event, which every Linux kernel has,
// shows the reading itself works here.
#include <doctest/doctest.h>

#include <linux/perf_event.h>

#include <cstdint>

#include "measure/counters.h"

using namespace tune;

namespace {

// Work the compiler cannot drop: a few million instructions.
std::uint64_t busy() {
  volatile std::uint64_t x = 1;
  for (int i = 0; i < 2000000; ++i) x = x * 6364136223846793005ULL + 1442695040888963407ULL;
  return x;
}

}  // namespace

TEST_CASE("each hardware event is counted or explained, never a zero") {
  measure::counter_set counters;
  counters.start();
  busy();
  const auto counts = counters.stop();
  for (const auto& e : measure::hardware_events()) {
    CAPTURE(e.name);
    const bool counted = counts.count(e.name) > 0;
    const bool explained = counters.unavailable().count(e.name) > 0;
    CHECK_FALSE((counted && explained));
    if (explained) CHECK(counters.unavailable().at(e.name).find("perf_event_open") != std::string::npos);
    // Opened, but the kernel never put it on a counter in this window (another user holds them):
    // no count, which the bench explains per row (tuner/harness/main.cpp).
    if (!counted && !explained) MESSAGE(e.name << " was opened but not counted in this window");
  }
  if (counts.count("instructions")) CHECK(counts.at("instructions") > 1e6);
  CHECK(counters.any_open() == !counts.empty());
}

TEST_CASE("a software event reads what the window did; an event the kernel lacks says why") {
  measure::counter_set counters(
      {{"task_clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK}, {"bogus", PERF_TYPE_HARDWARE, 0xfffff}});
  REQUIRE(counters.unavailable().count("bogus"));
  CHECK(counters.unavailable().at("bogus").find("perf_event_open") != std::string::npos);
  if (const auto why = counters.unavailable().find("task_clock"); why != counters.unavailable().end()) {
    // A sandbox that forbids perf_event_open altogether: the reason says so, and nothing is read.
    MESSAGE("task_clock: " << why->second);
    CHECK(why->second.find("perf_event_open") != std::string::npos);
    CHECK_FALSE(counters.any_open());
    return;
  }
  counters.start();
  busy();
  const auto first = counters.stop();
  REQUIRE(first.count("task_clock"));
  CHECK(first.at("task_clock") > 0);  // nanoseconds on this thread
  // start() resets: a second, empty window counts less than the busy one.
  counters.start();
  const auto second = counters.stop();
  REQUIRE(second.count("task_clock"));
  CHECK(second.at("task_clock") < first.at("task_clock"));
}

TEST_CASE("a row's counts per call are its windows' total count over their calls") {
  measure::counter_totals t;
  CHECK(t.per_call().empty());
  t.add({{"cycles", 1000}}, 1);  // a cold sizing window of one call weighs one call
  t.add({{"cycles", 20000}, {"instructions", 40000}}, 100);
  t.add({{"cycles", 22000}, {"instructions", 44000}}, 100);
  t.add({{"cycles", 5}}, 0);  // no calls: nothing to divide by, left out
  const auto per_call = t.per_call();
  CHECK(per_call.at("cycles") == doctest::Approx(43000.0 / 201));
  CHECK(per_call.at("instructions") == doctest::Approx(420));  // over the windows that counted it
}
