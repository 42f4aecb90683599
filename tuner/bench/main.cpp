// The bench executable's entry point. Every scope's bench links this library with its rows and
// generated registry. The `tune` tool drives it:
//   bench list                          families, rows, requirements, what runs here (JSON)
//   bench test [--family F]...          every runnable row against the reference (tune-test, CTest)
//   bench race --request R --out O      the race (race.md), companions with the family's signature
//                                       included; `@tune` events on stdout
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <tune/bench/registry.h>

#include "bench/gate.h"
#include "bench/real_timer.h"
#include "bench/result_json.h"
#include "box/features.h"
#include "measure/machine_state.h"
#include "measure/real_clock.h"
#include "race/engine.h"
#include "util/atomic_file.h"

namespace {

using tune::bench::family_info;

// Exit codes the tool reads.
constexpr int exit_failed_rows = 1;
constexpr int exit_family_error = 2;
constexpr int exit_noise_refused = 3;
constexpr int exit_interrupted = 4;

std::vector<const family_info*> select(const std::vector<std::string>& names) {
  std::vector<const family_info*> out;
  const auto& all = tune::bench::registered_families();
  if (names.empty()) {
    for (const auto& f : all) out.push_back(&f);
    return out;
  }
  for (const auto& name : names) {
    const family_info* found = nullptr;
    for (const auto& f : all)
      if (f.name == name) found = &f;
    if (!found) throw std::invalid_argument(fmt::format("this bench has no family '{}'", name));
    out.push_back(found);
  }
  return out;
}

int cmd_list() {
  const auto features = tune::box::this_box_features();
  nlohmann::json families = nlohmann::json::array();
  for (const auto& f : tune::bench::registered_families()) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& r : f.rows) rows.push_back({{"suffix", r.suffix}, {"requires", r.needs}, {"reference", r.reference}});
    families.push_back({{"name", f.name}, {"tolerance", f.tolerance}, {"fallback", f.fallback}, {"rows", rows}});
  }
  std::cout << nlohmann::json{{"features", tune::box::join(features)}, {"families", families}}.dump(2) << "\n";
  return 0;
}

int cmd_test(const std::vector<std::string>& names) {
  const auto features = tune::box::this_box_features();
  int failed = 0, passed = 0, skipped = 0;
  for (const family_info* f : select(names)) {
    auto driver = f->make_driver();
    const auto gate = tune::bench::run_gate(*f, *driver, features);
    if (!gate.error.empty()) {
      std::cout << fmt::format("{}: ERROR {}\n", f->name, gate.error);
      ++failed;
      continue;
    }
    for (std::size_t i = 0; i < f->rows.size(); ++i) {
      const auto& g = gate.rows[i];
      const std::string name = f->name + "__" + f->rows[i].suffix;
      if (!g.runnable) {
        std::cout << fmt::format("  skip {:<32} {}\n", name, g.why_not_runnable);
        ++skipped;
      } else if (g.passed()) {
        std::cout << fmt::format("  ok   {:<32} {}\n", name, g.check->describe());
        ++passed;
      } else {
        std::cout << fmt::format("  FAIL {:<32} {} (tolerance {})\n", name, g.check->describe(), f->tolerance);
        ++failed;
      }
    }
  }
  std::cout << fmt::format("{} passed, {} failed, {} skipped\n", passed, failed, skipped);
  return failed ? exit_failed_rows : 0;
}

double env_number(const char* name, double fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  const double d = std::strtod(v, &end);
  if (*end || d <= 0) throw std::invalid_argument(fmt::format("{}='{}' is not a positive number", name, v));
  return d;
}

tune::race::protocol protocol_from(const nlohmann::json& request) {
  tune::race::protocol p;
  // The registry lists every row's relocated copies (tune/isolate.cmake): the re-race times those.
  p.validate_relocated = tune::bench::relocated_copies;
  p.window_ms = env_number("TUNE_WINDOW_MS", p.window_ms);
  p.noise_ceiling = env_number("TUNE_NOISE_CEILING", p.noise_ceiling * 100) / 100;
  if (const char* o = std::getenv("TUNE_NOISE_OVERRIDE")) p.noise_override = std::string(o) == "1";
  if (const char* c = std::getenv("TUNE_CONTROL")) p.control_file = c;
  if (request.contains("budget_s") && request["budget_s"].is_number()) p.budget_s = request["budget_s"].get<double>();
  if (request.contains("seed")) p.seed = request["seed"].get<std::uint64_t>();
  return p;
}

// The race's view of a gated grid: rows that cannot run here or give wrong output are listed
// with the reason and never timed.
std::vector<tune::race::row_input> race_rows(const family_info& f, const tune::bench::family_gate& gate) {
  std::vector<tune::race::row_input> rows;
  for (std::size_t i = 0; i < f.rows.size(); ++i) {
    tune::race::row_input row{f.rows[i].suffix, std::nullopt};
    if (!gate.rows[i].runnable) row.rejected = gate.rows[i].why_not_runnable;
    else if (!gate.rows[i].passed())
      row.rejected = fmt::format("wrong output ({}; tolerance {})", gate.rows[i].check->describe(), f.tolerance);
    rows.push_back(row);
  }
  return rows;
}

void event(const std::string& line) {
  std::fputs(("@tune " + line + "\n").c_str(), stdout);
  std::fflush(stdout);
}

int cmd_race(const std::string& request_path, const std::string& out_path) {
  const auto text = tune::util::read_file(request_path);
  if (!text) throw std::runtime_error(fmt::format("race request {} does not exist", request_path));
  const auto request = nlohmann::json::parse(*text);
  const auto protocol = protocol_from(request);
  const auto features = tune::box::this_box_features();
  const auto families = select(request.value("families", std::vector<std::string>{}));
  const auto incumbents = request.value("incumbents", std::map<std::string, std::string>{});

  nlohmann::json out;
  out["telemetry"]["before"] = tune::measure::machine_state();
  out["features"] = tune::box::join(features);

  // Gate every family first: rows that fail are listed, never timed.
  std::vector<std::unique_ptr<tune::bench::family_driver>> drivers;
  std::vector<tune::bench::family_gate> gates;
  std::vector<const family_info*> raced;
  std::vector<tune::race::family_input> inputs;
  std::vector<std::unique_ptr<tune::bench::family_driver>> companion_drivers;
  std::vector<std::vector<tune::bench::family_gate>> companion_gates;  // per raced family, declaration order
  std::size_t timed_companions = 0;
  for (const family_info* f : families) {
    auto driver = f->make_driver();
    auto gate = tune::bench::run_gate(*f, *driver, features);
    if (!gate.error.empty()) {
      out["errors"][f->name] = gate.error;
      continue;
    }
    tune::race::family_input in;
    in.name = f->name;
    in.fallback = *gate.fallback;
    if (auto it = incumbents.find(f->name); it != incumbents.end()) in.incumbent = it->second;
    in.rows = race_rows(*f, gate);
    std::vector<tune::bench::family_gate> own_gates;
    for (const auto& c : f->companions) {
      tune::race::companion_input companion{c.name, 0, {}, std::nullopt};
      tune::bench::family_gate companion_gate;
      if (!c.make_driver) {
        companion.untimed = fmt::format("its signature {} is not the family's, so the family's fixture cannot call it",
                                        c.signature);
      } else {
        // The family's grid and tolerance over the companion's symbols: each row is checked
        // against the reference row's companion. The gate's word on the fallback chain does not
        // apply (the companion's fallback is the family's seat); each row's check is kept.
        const family_info grid{c.name, f->tolerance, f->fallback, f->rows, c.make_driver, {}};
        auto companion_driver = c.make_driver();
        companion_gate = tune::bench::run_gate(grid, *companion_driver, features);
        companion.rows = race_rows(grid, companion_gate);
        companion_drivers.push_back(std::move(companion_driver));
        ++timed_companions;
      }
      in.companions.push_back(std::move(companion));
      own_gates.push_back(std::move(companion_gate));
    }
    inputs.push_back(std::move(in));
    drivers.push_back(std::move(driver));
    gates.push_back(std::move(gate));
    raced.push_back(f);
    companion_gates.push_back(std::move(own_gates));
  }
  // The timer knows companions' rows by the indices past the families'.
  std::size_t next_index = inputs.size();
  for (auto& in : inputs)
    for (auto& c : in.companions)
      if (!c.untimed) c.timer_index = next_index++;

  std::vector<tune::bench::family_driver*> plain;
  for (auto& d : drivers) plain.push_back(d.get());
  for (auto& d : companion_drivers) plain.push_back(d.get());
  tune::bench::real_timer timer(plain);
  tune::measure::real_clock clock;
  tune::race::event_sink sink;
  sink.begin = [](const std::string& f, std::size_t rows) { event(fmt::format("begin name={} rows={}", f, rows)); };
  sink.step = [](const std::string& f, const std::string& phase, int i, int of, int live) {
    event(fmt::format("step name={} phase={} i={} of={} live={}", f, phase, i, of, live));
  };
  sink.end = [](const tune::race::family_result& r) {
    event(fmt::format("end name={}{} winner={} verdict={} margin={:.1f} ms={:.0f}", r.name,
                      r.companion_of ? " companion_of=" + *r.companion_of : std::string(), r.winner,
                      tune::race::to_string(r.outcome), r.margin_pct.value_or(0), r.ms));
  };
  event(fmt::format("plan scope={} total={}", request.value("scope", std::string()), inputs.size() + timed_companions));
  const auto result = tune::race::run_mint(inputs, timer, clock, protocol, sink);

  out["mint"] = tune::bench::mint_json(result);
  out["families"] = nlohmann::json::object();
  for (const auto& r : result.families) {
    for (std::size_t i = 0; i < raced.size(); ++i) {
      if (raced[i]->name != r.name) continue;
      out["families"][r.name] = tune::bench::family_json(r, *raced[i], gates[i]);
      if (!raced[i]->companions.empty())
        tune::bench::add_companions(out["families"][r.name], r, *raced[i], companion_gates[i]);
    }
  }
  out["telemetry"]["after"] = tune::measure::machine_state();
  tune::util::write_file_atomic(out_path, out.dump(2));

  if (result.status == tune::race::mint_status::noise_refused) return exit_noise_refused;
  if (result.status == tune::race::mint_status::interrupted) return exit_interrupted;
  return out.contains("errors") ? exit_family_error : 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"cmake-tune bench: the rows of one scope, their fixtures and the race"};
  app.require_subcommand(1);
  auto* list = app.add_subcommand("list", "Families, rows and what runs on this box (JSON)");
  std::vector<std::string> test_families;
  auto* test = app.add_subcommand("test", "Check every runnable row against its family's reference");
  test->add_option("--family", test_families, "Only these families");
  std::string request, out;
  auto* race = app.add_subcommand("race", "Race the requested families (used by `tune mint`)");
  race->add_option("--request", request, "Race request (JSON)")->required();
  race->add_option("--out", out, "Where to write the result (JSON)")->required();
  CLI11_PARSE(app, argc, argv);
  try {
    if (list->parsed()) return cmd_list();
    if (test->parsed()) return cmd_test(test_families);
    return cmd_race(request, out);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench: error: %s\n", e.what());
    return exit_family_error + 8;
  }
}
