// replay_difference (worker.h): a wisdom replay compared with the process that made the wisdom.
#include <sstream>
#include <type_traits>
#include <utility>

#include "plan/worker.h"

namespace tune::plan {
namespace {

template <typename T>
std::string text_of(const T& value) {
  if constexpr (std::is_same_v<T, bool>) {
    return value ? "yes" : "no";
  } else if constexpr (std::is_same_v<T, std::string>) {
    return value.empty() ? "none" : value;
  } else {
    return std::to_string(value);
  }
}

// The first line where the two printed plans differ, from each (FFTW prints a plan as nested
// solver names over several lines).
std::pair<std::string, std::string> first_difference(const std::string& a, const std::string& b) {
  std::istringstream sa(a), sb(b);
  std::string la, lb;
  for (;;) {
    const bool more_a = static_cast<bool>(std::getline(sa, la));
    const bool more_b = static_cast<bool>(std::getline(sb, lb));
    if (!more_a) la = "(end of plan)";
    if (!more_b) lb = "(end of plan)";
    if (la != lb || (!more_a && !more_b)) break;
  }
  auto trim = [](std::string s) {
    s.erase(0, s.find_first_not_of(' '));
    return s;
  };
  return {trim(la), trim(lb)};
}

}  // namespace

std::optional<std::string> replay_difference(const fftw_plan_report& made, const fftw_plan_report& replayed) {
  const std::string plan = "FFTW plan '" + made.name + "'";
  auto differs = [&](const std::string& part, const std::string& tuned, const std::string& now) {
    return plan + " was replayed with " + part + " " + now + ", its wisdom made with " + tuned +
           ": FFTW's wisdom is keyed by it, so the replay is another plan";
  };
  if (made.threads_ready != replayed.threads_ready) {
    return differs("FFTW's threads started before the import:", text_of(made.threads_ready),
                   text_of(replayed.threads_ready));
  }
  if (made.planner_threads && replayed.planner_threads && made.planner_threads != replayed.planner_threads) {
    return differs("planner threads", text_of(*made.planner_threads), text_of(*replayed.planner_threads));
  }
  if (!made.effort.empty() && !replayed.effort.empty() && made.effort != replayed.effort) {
    return differs("planning effort", made.effort, replayed.effort);
  }
  if (made.in_place && replayed.in_place && made.in_place != replayed.in_place) {
    return differs("in place:", text_of(*made.in_place), text_of(*replayed.in_place));
  }
  if (made.in_align && replayed.in_align && made.in_align != replayed.in_align) {
    return differs("its input at address modulo 64 =", text_of(*made.in_align), text_of(*replayed.in_align));
  }
  if (made.out_align && replayed.out_align && made.out_align != replayed.out_align) {
    return differs("its output at address modulo 64 =", text_of(*made.out_align), text_of(*replayed.out_align));
  }
  if (!made.plan.empty() && !replayed.plan.empty() && made.plan != replayed.plan) {
    const auto [tuned, now] = first_difference(made.plan, replayed.plan);
    return plan + " replayed as another plan than the one its wisdom was made with: `" + now + "` where it had `" +
           tuned + "`";
  }
  return std::nullopt;
}

}  // namespace tune::plan
