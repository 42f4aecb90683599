#include "plan/enumeration.h"

#include <algorithm>
#include <map>
#include <string>

namespace tune::plan {
namespace {

struct split_values {
  int low = 0;   // index of the value "1"
  int high = 0;  // index of the largest count
  int half = 0;  // index of half the largest count
};

// Indices on a thread axis of the counts a split uses; 0 (the baseline's value) when absent.
split_values thread_split_values(const knob_axis& axis) {
  split_values v;
  int largest = 0;
  for (std::size_t i = 0; i < axis.values.size(); ++i) {
    const int count = std::stoi(axis.values[i].label);
    if (count > largest) {
      largest = count;
      v.high = static_cast<int>(i);
    }
  }
  for (std::size_t i = 0; i < axis.values.size(); ++i) {
    const int count = std::stoi(axis.values[i].label);
    if (count == 1) v.low = static_cast<int>(i);
    if (count == std::max(1, largest / 2)) v.half = static_cast<int>(i);
  }
  return v;
}

}  // namespace

assignment settings_of(const knob_space& space, const choice& point) {
  assignment merged;
  for (std::size_t a = 0; a < space.axes.size(); ++a) {
    for (const auto& [variable, value] : space.axes[a].values[static_cast<std::size_t>(point[a])].env) {
      merged[variable] = value;
    }
  }
  return merged;
}

std::string describe(const knob_space& space, const choice& point) {
  std::string text;
  for (std::size_t a = 0; a < space.axes.size(); ++a) {
    if (point[a] == 0) continue;
    if (!text.empty()) text += ", ";
    text += space.axes[a].knob + "=" + space.axes[a].values[static_cast<std::size_t>(point[a])].label;
  }
  return text.empty() ? "baseline values" : text;
}

std::string effective_key(const assignment& settings) {
  std::string key;
  for (const auto& [variable, value] : settings) {
    key += variable + (value ? "=" + *value : std::string(" unset")) + ";";
  }
  return key;
}

std::vector<proposal> one_knob_moves(const knob_space& space, const choice& from, std::size_t axis) {
  std::vector<proposal> out;
  const bool from_baseline = std::all_of(from.begin(), from.end(), [](int v) { return v == 0; });
  for (std::size_t v = 0; v < space.axes[axis].values.size(); ++v) {
    if (static_cast<int>(v) == from[axis]) continue;
    choice p = from;
    p[axis] = static_cast<int>(v);
    out.push_back({p, "one-knob",
                   from_baseline ? "one knob away from the baseline"
                                 : "one knob away from the incumbent (" + describe(space, from) + ")"});
  }
  return out;
}

std::vector<std::vector<proposal>> one_knob_walks(const knob_space& space, const choice& from, std::size_t axis) {
  std::vector<std::vector<proposal>> walks;
  const auto moves = one_knob_moves(space, from, axis);
  if (!space.axes[axis].threads) {
    for (const auto& m : moves) walks.push_back({m});
    return walks;
  }
  const auto count = [&](const choice& p) { return std::stoi(space.axes[axis].values[p[axis]].label); };
  const int current = count(from);
  std::vector<proposal> fewer, more;
  for (const auto& m : moves) (count(m.point) < current ? fewer : more).push_back(m);
  std::sort(fewer.begin(), fewer.end(),
            [&](const proposal& x, const proposal& y) { return count(x.point) > count(y.point); });
  std::sort(more.begin(), more.end(),
            [&](const proposal& x, const proposal& y) { return count(x.point) < count(y.point); });
  for (auto* walk : {&fewer, &more}) {
    if (!walk->empty()) walks.push_back(std::move(*walk));
  }
  return walks;
}

std::optional<proposal> serial_point(const knob_space& space, const choice& from) {
  choice serial = from;
  bool any = false;
  for (std::size_t a = 0; a < space.axes.size(); ++a) {
    if (!space.axes[a].threads) continue;
    for (std::size_t v = 0; v < space.axes[a].values.size(); ++v) {
      if (space.axes[a].values[v].label == "1") {
        serial[a] = static_cast<int>(v);
        any = true;
      }
    }
  }
  if (!any || serial == from) return std::nullopt;
  return proposal{serial, "serial", "every thread pool at one thread"};
}

namespace {

// What moving axis `a` to value `v` alone did to the baseline, as a factor (1: the baseline's
// value, or a move that was not screened on its own). Neighbours are ordered by the objective
// these factors predict: a first-order model, good enough to decide what to screen first.
double single_effect(const std::vector<screened>& singles, std::size_t a, int v, double baseline_objective_s) {
  if (v == 0) return 1.0;
  for (const auto& s : singles) {
    const auto moved = std::count_if(s.point.begin(), s.point.end(), [](int x) { return x != 0; });
    if (moved == 1 && s.point[a] == v) return s.objective_s / baseline_objective_s;
  }
  return 1.0;
}

}  // namespace

std::vector<proposal> neighbour_stage(const knob_space& space, const std::vector<screened>& ranked,
                                      const std::vector<screened>& singles, double baseline_objective_s) {
  std::vector<proposal> out;
  const std::size_t axes = space.axes.size();

  // Each axis's best single move, if it beat the baseline; combined when two or more did.
  std::map<std::size_t, const screened*> best_single;
  for (const auto& s : singles) {
    if (s.objective_s >= baseline_objective_s) continue;
    for (std::size_t a = 0; a < axes; ++a) {
      if (s.point[a] == 0) continue;
      auto& slot = best_single[a];
      if (!slot || s.objective_s < slot->objective_s) slot = &s;
    }
  }
  if (best_single.size() >= 2) {
    choice joint(axes, 0);
    std::string origin = "joint move of the best single moves:";
    for (const auto& [a, s] : best_single) {
      joint[a] = s->point[a];
      origin += " c" + std::to_string(s->id);
    }
    out.push_back({joint, "joint", origin});
  }

  // Thread pools compete for the same CPUs, so one pool's best size depends on another's: for
  // each pair of pools, one-sided splits (1 and the most) and an even split (half and half), beside
  // the best point's other settings (the baseline's before any).
  for (std::size_t a = 0; a < axes; ++a) {
    for (std::size_t b = a + 1; b < axes; ++b) {
      if (!space.axes[a].threads || !space.axes[b].threads) continue;
      const auto ends_a = thread_split_values(space.axes[a]);
      const auto ends_b = thread_split_values(space.axes[b]);
      for (const auto& [va, vb] : {std::pair{ends_a.low, ends_b.high}, std::pair{ends_a.high, ends_b.low},
                                   std::pair{ends_a.half, ends_b.half}}) {
        const choice from = ranked.empty() ? choice(axes, 0) : ranked.front().point;
        choice p = from;
        p[a] = va;
        p[b] = vb;
        if (p == from) continue;  // not a move
        out.push_back({p, "joint", "thread pools " + space.axes[a].knob + " and " + space.axes[b].knob + " split"});
      }
    }
  }

  // Neighbours of the best two, the most promising first: a short budget runs out part-way
  // through this list, and under load a 30 s search screens only a handful of them.
  std::vector<std::pair<double, proposal>> neighbours;
  for (std::size_t r = 0; r < ranked.size() && r < 2; ++r) {
    const auto& from = ranked[r];
    for (std::size_t a = 0; a < axes; ++a) {
      for (std::size_t v = 0; v < space.axes[a].values.size(); ++v) {
        if (static_cast<int>(v) == from.point[a]) continue;
        choice p = from.point;
        p[a] = static_cast<int>(v);
        const double predicted = from.objective_s *
                                 single_effect(singles, a, static_cast<int>(v), baseline_objective_s) /
                                 single_effect(singles, a, from.point[a], baseline_objective_s);
        neighbours.push_back({predicted, {p, "neighbour", "one knob away from c" + std::to_string(from.id)}});
      }
    }
  }
  std::stable_sort(neighbours.begin(), neighbours.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  for (auto& n : neighbours) out.push_back(std::move(n.second));
  return out;
}

std::vector<proposal> sweep_stage(const knob_space& space, const std::set<choice>& proposed,
                                  const std::vector<screened>& singles, double baseline_objective_s) {
  std::vector<std::pair<double, choice>> rest;
  for (auto& p : all_points(space)) {
    if (proposed.count(p)) continue;
    double predicted = baseline_objective_s;
    for (std::size_t a = 0; a < p.size(); ++a) predicted *= single_effect(singles, a, p[a], baseline_objective_s);
    rest.push_back({predicted, std::move(p)});
  }
  std::stable_sort(rest.begin(), rest.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<proposal> out;
  for (auto& r : rest)
    out.push_back({std::move(r.second), "sweep", "the rest of the space, as the single moves rank it"});
  return out;
}

std::vector<choice> all_points(const knob_space& space) {
  std::vector<choice> points{choice(space.axes.size(), 0)};
  for (std::size_t a = 0; a < space.axes.size(); ++a) {
    const std::size_t existing = points.size();
    for (std::size_t v = 1; v < space.axes[a].values.size(); ++v) {
      for (std::size_t i = 0; i < existing; ++i) {
        choice p = points[i];
        p[a] = static_cast<int>(v);
        points.push_back(p);
      }
    }
  }
  return points;
}

}  // namespace tune::plan
