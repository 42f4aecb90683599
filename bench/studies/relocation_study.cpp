#include "relocation_study.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <random>

#include <fmt/format.h>

#include "kernel_timer.h"
#include "measure/stats.h"

namespace tune::race_real {

namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

std::vector<relocation_trial> study_relocation(placement set, double seconds, double window_ms, double stretch_s,
                                               double delay_s) {
  kernel_timer t({raced_copies_family("relocation")}, set);
  const auto reps = calls_per_window(t, 0, window_ms);
  std::mt19937_64 random(2);
  // One stretch: rounds of the four windows {0, k, 0', k'} in a fresh random order; 0' and k' are
  // the relocated copies.
  const auto stretch = [&](std::size_t k) {
    std::vector<double> raced, relocated;
    std::vector<int> order{0, 1, 2, 3};
    const auto started = std::chrono::steady_clock::now();
    while (seconds_since(started) < stretch_s) {
      std::shuffle(order.begin(), order.end(), random);
      double ns[4];
      for (const int w : order)
        ns[w] = w < 2 ? t.time_row(0, w == 0 ? 0 : k, reps) : t.time_relocated(0, w == 2 ? 0 : k, 1, reps);
      raced.push_back(ns[1] / ns[0]);
      relocated.push_back(ns[3] / ns[2]);
    }
    return gap_reading{(measure::median(raced) - 1) * 100, (measure::median(relocated) - 1) * 100,
                       measure::mad_pct(raced)};
  };
  std::vector<relocation_trial> out;
  const auto started = std::chrono::steady_clock::now();
  std::uniform_int_distribution<std::size_t> twin(1, raced_copies - 1);
  while (seconds_since(started) < seconds) {
    relocation_trial trial;
    trial.twin = twin(random);
    trial.race = stretch(trial.twin);
    trial.again = stretch(trial.twin);
    const auto spin_from = std::chrono::steady_clock::now();
    while (seconds_since(spin_from) < delay_s) {
    }
    trial.late = stretch(trial.twin);
    out.push_back(trial);
  }
  return out;
}

std::string relocation_csv(const std::vector<relocation_trial>& trials) {
  std::string out = "twin";
  for (const char* phase : {"race", "again", "late"}) out += fmt::format(",{0}_raced,{0}_relocated,{0}_mad", phase);
  out += "\n";
  for (const auto& trial : trials) {
    out += fmt::format("{}", trial.twin);
    for (const gap_reading* g : {&trial.race, &trial.again, &trial.late})
      out += fmt::format(",{:.3f},{:.3f},{:.3f}", g->raced_pct, g->relocated_pct, g->mad_pct);
    out += "\n";
  }
  return out;
}

}  // namespace tune::race_real
