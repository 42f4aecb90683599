// Does reading hardware counters around a timed window move the window's time? An A/A/B run on
// the fixed noise-probe kernel (measure/probe_kernel.h): each round times a window with nothing
// around it twice (A and A') and once with measure::counter_set started just before and stopped
// just after (B), the three in a fresh random order, as the bench's child does around each window
// (tuner/harness/serve.cpp). Prints each arm's median time per call, the median and quartiles of the
// per-round ratios A'/A (the noise floor of the comparison) and B/A (the counters' effect), and
// what one start()+stop() pair costs outside a window. Uses the hardware events when this box can
// count any, else software events (task_clock, context_switches, page_faults), and says which.
//   tune-counters-bench [--rounds 301] [--calls 2000]
#include <linux/perf_event.h>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <random>
#include <vector>

#include "measure/counters.h"
#include "measure/probe_kernel.h"
#include "measure/stats.h"

using namespace tune;

namespace {

double window_ns(std::uint64_t calls) {
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; i < calls; ++i) measure::probe_kernel_once();
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() /
         static_cast<double>(calls);
}

std::string events_text(const measure::counter_set& c, const std::vector<measure::counter_event>& events) {
  std::string out;
  for (const auto& e : events)
    if (!c.unavailable().count(e.name)) out += (out.empty() ? "" : ", ") + e.name;
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"A/A/B: does reading hardware counters around a window move its time?"};
  int rounds = 301;
  std::uint64_t calls = 2000;
  app.add_option("--rounds", rounds, "Rounds of the three windows")->check(CLI::Range(11, 100000));
  app.add_option("--calls", calls, "Probe-kernel calls per window")->check(CLI::Range(1, 10000000));
  CLI11_PARSE(app, argc, argv);

  auto events = measure::hardware_events();
  auto counters = std::make_unique<measure::counter_set>(events);
  std::string kind = "hardware";
  if (!counters->any_open()) {
    fmt::print("no hardware event can be counted here: {}\n", counters->unavailable().begin()->second);
    events = {{"task_clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK},
              {"context_switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
              {"page_faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS}};
    counters = std::make_unique<measure::counter_set>(events);
    kind = "software";
    if (!counters->any_open()) {
      fmt::print("no software event either: {}\n", counters->unavailable().begin()->second);
      return 1;
    }
  }
  fmt::print("counting {} events: {}\n", kind, events_text(*counters, events));

  std::vector<double> a, a2, b, aa, ba;
  std::mt19937_64 random(20261202);
  window_ns(calls);  // warm
  for (int r = 0; r < rounds; ++r) {
    std::array<int, 3> order{0, 1, 2};
    std::shuffle(order.begin(), order.end(), random);
    double t[3] = {0, 0, 0};
    for (int arm : order) {
      if (arm == 2) {
        counters->start();
        t[2] = window_ns(calls);
        counters->stop();
      } else {
        t[arm] = window_ns(calls);
      }
    }
    a.push_back(t[0]);
    a2.push_back(t[1]);
    b.push_back(t[2]);
    aa.push_back(t[1] / t[0]);
    ba.push_back(t[2] / t[0]);
  }
  std::vector<double> pair_ns;
  for (int i = 0; i < 10000; ++i) {
    const auto start = std::chrono::steady_clock::now();
    counters->start();
    counters->stop();
    pair_ns.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count());
  }

  fmt::print("{} rounds of 3 windows x {} calls of the probe kernel, arms in random order per round\n\n", rounds,
             calls);
  fmt::print("{:<34} {:>14}\n", "arm", "median ns/call");
  fmt::print("{:<34} {:>14.1f}\n", "A   plain window", measure::median(a));
  fmt::print("{:<34} {:>14.1f}\n", "A'  plain window again", measure::median(a2));
  fmt::print("{:<34} {:>14.1f}\n\n", "B   counters around the window", measure::median(b));
  fmt::print("{:<34} {:>8} {:>8} {:>8}\n", "per-round ratio", "q1", "median", "q3");
  for (const auto& [name, v] : {std::pair{"A'/A (noise floor)", &aa}, std::pair{"B/A  (counters)", &ba}})
    fmt::print("{:<34} {:>8.4f} {:>8.4f} {:>8.4f}\n", name, measure::quantile(*v, 0.25), measure::median(*v),
               measure::quantile(*v, 0.75));
  fmt::print("\none start()+stop() outside a window: median {:.0f} ns\n", measure::median(pair_ns));
  return 0;
}
