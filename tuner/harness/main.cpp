// The bench executable's entry point. Every scope's bench links this library with its rows and
// generated registry. The `tune` tool drives it:
//   bench list                          families, rows, requirements, what runs here (JSON)
//   bench test [--family F]...          every runnable row against the reference (tune-test, CTest)
//   bench race --request R --out O      the race (docs/measurement.md), companions with the family's signature
//                                       included; `@tune` events on stdout
//   bench serve --family F              one family's supervised child (harness/supervised.h): what the
//                                       two commands above run every row in
#include <sys/prctl.h>

#include <algorithm>
#include <csignal>
#include <limits>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <tune/bench/registry.h>

#include "harness/gate.h"
#include "harness/pools.h"
#include "harness/result_json.h"
#include "harness/serve.h"
#include "harness/supervised.h"
#include "harness/supervised_timer.h"
#include "box/features.h"
#include "box/identity.h"
#include "box/platform.h"
#include "measure/machine_state.h"
#include "measure/real_clock.h"
#include "race/engine.h"
#include "race/event.h"
#include "race/same_code.h"
#include "util/atomic_file.h"
#include "util/error_text.h"
#include "util/json_reader.h"
#include "util/number_setting.h"

namespace {

using tune::bench::family_info;

// Exit codes the tool reads.
constexpr int exit_failed_rows = 1;
constexpr int exit_family_error = 2;
constexpr int exit_noise_refused = 3;
constexpr int exit_interrupted = 4;

const family_info& find_family(const std::string& name) {
  for (const auto& f : tune::bench::registered_families())
    if (f.name == name) return f;
  throw std::invalid_argument(fmt::format("this bench has no family '{}'", name));
}

std::vector<const family_info*> select(const std::vector<std::string>& names) {
  std::vector<const family_info*> out;
  if (names.empty()) {
    for (const auto& f : tune::bench::registered_families()) out.push_back(&f);
    return out;
  }
  for (const auto& name : names) out.push_back(&find_family(name));
  return out;
}

// This executable, which each family's supervised child runs as `serve`.
std::filesystem::path this_bench() { return std::filesystem::read_symlink("/proc/self/exe"); }

// A gated family: its child process and what the gate found.
struct gated {
  const family_info* info;
  std::unique_ptr<tune::bench::family_session> session;
  tune::bench::family_gate gate;
};

gated gate_family(const family_info& f, const tune::box::feature_set& features,
                  const std::map<std::string, tune::race::row_failure>& known = {},
                  const std::vector<std::string>* only = nullptr) {
  gated g{&f, std::make_unique<tune::bench::family_session>(this_bench(), f, tune::bench::call_limits{}.setup_s), {}};
  g.gate = tune::bench::run_gate(f, *g.session, features, known, only);
  g.session->close();
  return g;
}

int cmd_list() {
  const auto features = tune::box::this_box_features();
  nlohmann::json families = nlohmann::json::array();
  for (const auto& f : tune::bench::registered_families()) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& r : f.rows)
      rows.push_back({{"suffix", r.suffix}, {"requires", r.needs}, {"reference", r.reference}, {"built", r.built}});
    families.push_back({{"name", f.name}, {"tolerance", f.tolerance}, {"fallback", f.fallback}, {"rows", rows}});
  }
  const auto emulated = tune::box::emulation_here();
  std::cout << nlohmann::json{{"features", tune::box::join(features)},
                              {"emulated", emulated ? nlohmann::json(*emulated) : nlohmann::json()},
                              {"families", families}}
                   .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
            << "\n";
  return 0;
}

// The box the bench runs on, as a mint there would record it (box/identity.h), and its class. A
// tool whose benches run on another machine (TUNE_TARGET_RUNNER) reads that box from this
// (tuner/mint/machine.h).
int cmd_box() {
  const auto box = tune::box::this_box();
  std::cout << nlohmann::json{{"identity", box.identity},
                              {"platform", box.platform},
                              {"arch", box.arch},
                              {"class", box.cls},
                              {"features", tune::box::join(box.features)},
                              {"forced_features", box.forced},
                              {"cpus", box.cpus},
                              {"maker", box.maker
                                            ? nlohmann::json{{"maker", box.maker->maker}, {"model", box.maker->model}}
                                            : nlohmann::json()},
                              {"emulated", box.emulated.empty() ? nlohmann::json() : nlohmann::json(box.emulated)}}
                   .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
            << "\n";
  return 0;
}

std::string indented(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    out += "         | " + text.substr(start, end - start) + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

int cmd_test(const std::vector<std::string>& names) {
  const auto features = tune::box::this_box_features();
  if (const auto emulated = tune::box::emulation_here())
    std::cout << fmt::format("emulated: {}; these checks hold for correctness only\n", *emulated);
  int failed = 0, passed = 0, skipped = 0;
  for (const family_info* f : select(names)) {
    const auto g = gate_family(*f, features);
    if (!g.gate.error.empty()) {
      std::cout << fmt::format("{}: ERROR {}\n", f->name, g.gate.error);
      ++failed;
    }
    for (std::size_t t = 0; t < g.gate.tables.size(); ++t) {
      std::string function = f->name;
      for (const auto& c : f->companions)
        if (c.table == t && t > 0) function = c.name;
      for (std::size_t i = 0; i < f->rows.size(); ++i) {
        const auto& r = g.gate.tables[t][i];
        const std::string name = function + "__" + f->rows[i].suffix;
        if (!r.runnable) {
          std::cout << fmt::format("  skip {:<32} {}\n", name, r.why_not_runnable);
          ++skipped;
        } else if (r.passed()) {
          std::cout << fmt::format("  ok   {:<32} {}\n", name, r.check->describe);
          ++passed;
        } else if (r.check && !r.check->pass) {
          std::cout << fmt::format("  FAIL {:<32} {} (wrong at call {} of {}; tolerance {})\n", name, r.check->describe,
                                   r.check->call, r.check->of, f->tolerance);
          ++failed;
        } else if (r.failure) {
          std::cout << fmt::format("  FAIL {:<32} {}\n", name, r.failure->summary());
          if (!r.failure->diagnostic.empty()) std::cout << indented(r.failure->diagnostic);
          ++failed;
        } else if (g.gate.error.empty()) {
          std::cout << fmt::format("  FAIL {:<32} not checked\n", name);
          ++failed;
        }
      }
    }
  }
  std::cout << fmt::format("{} passed, {} failed, {} skipped\n", passed, failed, skipped);
  return failed ? exit_failed_rows : 0;
}

tune::race::protocol protocol_from(const tune::race::race_request& request) {
  tune::race::protocol p;
  // The registry lists every row's relocated copies (tuner/isolate/isolate.h): the re-race times those.
  p.validate_relocated = tune::bench::relocated_copies;
  // Both finite and bounded (util/number_setting.h): a ceiling of inf switched the noise refusal off
  // unseen, one of nan refused every mint.
  const tune::util::number_range window{
      .min = 0, .min_included = false, .max = 1000, .example = "a timed window's length in milliseconds such as 5"};
  const tune::util::number_range ceiling{
      .min = 0, .min_included = false, .max = 100, .example = "a percentage such as 10"};
  p.window_ms = tune::util::environment_number("TUNE_WINDOW_MS", window).value_or(p.window_ms);
  p.noise_ceiling = tune::util::environment_number("TUNE_NOISE_CEILING", ceiling).value_or(p.noise_ceiling * 100) / 100;
  if (const char* o = std::getenv("TUNE_NOISE_OVERRIDE")) p.noise_override = std::string(o) == "1";
  if (const char* c = std::getenv("TUNE_CONTROL")) p.control_file = c;
  if (request.budget_s) p.budget_s = *request.budget_s;
  if (request.seed) p.seed = *request.seed;
  return p;
}

// The members of a race request (tuner/mint/race_scope.cpp writes it) the bench reads, checked
// before use: a message names the file and the path, never the JSON library.
void check_request(const nlohmann::json& request, const std::filesystem::path& file) {
  const tune::util::json_at root(request, file);
  root.object();
  if (const auto scope = root.find("scope")) scope->string();
  if (const auto families = root.find("families")) families->strings();
  if (const auto incumbents = root.find("incumbents"))
    for (const auto& [name, _] : incumbents->object().value().items()) (*incumbents)[name].string();
  if (const auto codes = root.find("codes"))
    for (const auto& [name, _] : codes->object().value().items())
      for (const auto& [suffix, __] : (*codes)[name].object().value().items()) (*codes)[name][suffix].string();
  if (const auto failed = root.find("failed"))
    for (const auto& [name, _] : failed->object().value().items())
      for (const auto& [suffix, __] : (*failed)[name].object().value().items()) {
        const auto failure = (*failed)[name][suffix];
        failure.object();
        failure["stage"].string();
        failure["detail"].string();
        if (const auto diagnostic = failure.find("diagnostic")) diagnostic->string();
      }
  if (const auto only = root.find("only_rows"))
    for (const auto& [name, _] : only->object().value().items()) (*only)[name].strings();
  if (const auto baseline = root.find("baseline"))
    for (const auto& [name, _] : baseline->object().value().items()) (*baseline)[name].string();
  if (const auto budget = root.find("budget_s")) budget->number_or_null();
  if (const auto seed = root.find("seed")) seed->integer(0, std::numeric_limits<std::int64_t>::max());
}

// A rerun (tuner/mint/rerun.h) and `tune mint --only-new` time only the rows they name.
void mark_not_asked(std::vector<tune::race::row_input>& rows, const std::vector<std::string>& only) {
  for (auto& row : rows)
    if (!row.rejected && std::find(only.begin(), only.end(), row.suffix) == only.end())
      row.rejected = tune::race::not_asked_text;
}

// Rows of one code (same: duplicate -> representative, race/same_code.h) wait for their
// representative's result: not timed, and listed as such.
void mark_same_code(std::vector<tune::race::row_input>& rows, const std::map<std::string, std::string>& same) {
  for (auto& row : rows)
    if (const auto it = same.find(row.suffix); it != same.end() && !row.rejected)
      row.rejected = tune::race::same_code_text(it->second);
}

// The race's view of one gated table: rows that cannot run here or failed are listed with the
// reason and never timed.
std::vector<tune::race::row_input> race_rows(const family_info& f, const std::vector<tune::bench::row_gate>& table) {
  std::vector<tune::race::row_input> rows;
  for (std::size_t i = 0; i < f.rows.size(); ++i) {
    tune::race::row_input row{f.rows[i].suffix, std::nullopt, std::nullopt};
    if (!table[i].runnable) {
      row.rejected = table[i].why_not_runnable;
    } else if (table[i].failure) {
      row.rejected = table[i].failure->summary();
      if (table[i].failed_before) *row.rejected += " (not run: it failed so with this code and fixture before)";
      row.failed = table[i].failure;
    }
    rows.push_back(row);
  }
  return rows;
}

void event(const tune::race::progress_event& e) {
  std::fputs(("@tune " + tune::race::to_line(e) + "\n").c_str(), stdout);
  std::fflush(stdout);
}

// The race's progress as `@tune` lines on stdout (race/event.h), which the mint reads back.
tune::race::event_sink progress_sink() {
  using tune::race::progress_event;
  tune::race::event_sink sink;
  sink.begin = [](const std::string& f, std::size_t rows) {
    progress_event e;
    e.what = progress_event::kind::begin;
    e.name = f;
    e.rows = static_cast<int>(rows);
    event(e);
  };
  sink.step = [](const std::string& f, const std::string& phase, int i, int of, int live) {
    progress_event e;
    e.what = progress_event::kind::step;
    e.name = f;
    e.phase = phase;
    e.i = i;
    e.of = of;
    e.live = live;
    event(e);
  };
  sink.end = [](const tune::race::family_result& r) {
    progress_event e;
    e.what = progress_event::kind::end;
    e.name = r.name;
    e.companion_of = r.companion_of;
    e.winner = r.winner;
    e.verdict = r.outcome;
    e.margin_pct = r.margin_pct;
    e.ms = r.ms;
    event(e);
  };
  return sink;
}

// One gated family as the race engine takes it: its rows (those not asked marked so), the row to
// time against, the incumbent, rows of one code as one candidate, its companions. `same` gets the
// family's duplicate -> representative rows; an error is the family's, and it is not raced.
std::variant<tune::race::family_input, std::string> race_input(const family_info& f, const gated& g,
                                                               const tune::race::race_request& request,
                                                               std::map<std::string, std::string>& same) {
  tune::race::family_input in;
  in.name = f.name;
  in.fallback = *g.gate.fallback;
  if (auto it = request.incumbents.find(f.name); it != request.incumbents.end()) in.incumbent = it->second;
  in.rows = race_rows(f, g.gate.rows());
  const auto only = request.only_rows.find(f.name);
  if (only != request.only_rows.end()) mark_not_asked(in.rows, only->second);
  if (const auto base = request.baseline.find(f.name); base != request.baseline.end()) {
    const auto row = std::find_if(in.rows.begin(), in.rows.end(),
                                  [&](const tune::race::row_input& r) { return r.suffix == base->second; });
    if (row == in.rows.end() || row->rejected)
      return fmt::format("the row to time against, {}, cannot run now: {}", base->second,
                         row == in.rows.end() ? std::string("the family has no such row") : *row->rejected);
    in.fallback = static_cast<std::size_t>(row - in.rows.begin());
  }
  // Rows that compiled to the same code are one candidate (docs/design/candidates.md).
  if (const auto codes = request.codes.find(f.name); codes != request.codes.end()) {
    std::vector<std::string> timable;
    std::string reference;
    for (std::size_t k = 0; k < in.rows.size(); ++k) {
      if (!in.rows[k].rejected) timable.push_back(in.rows[k].suffix);
      if (f.rows[k].reference) reference = f.rows[k].suffix;
    }
    same = tune::race::same_code(timable, codes->second, in.rows[in.fallback].suffix, in.incumbent, reference);
    mark_same_code(in.rows, same);
    if (in.incumbent)
      if (const auto it = same.find(*in.incumbent); it != same.end()) in.incumbent = it->second;
  }
  for (const auto& c : f.companions) {
    tune::race::companion_input companion{c.name, 0, {}, std::nullopt};
    // The family's grid and tolerance over the companion's symbols: each row is checked against
    // the reference row's companion (the gate's table c.table).
    if (c.table == 0)
      companion.untimed =
          fmt::format("its signature {} is not the family's, so the family's fixture cannot call it", c.signature);
    else
      companion.rows = race_rows(f, g.gate.tables.at(c.table));
    mark_same_code(companion.rows, same);
    if (only != request.only_rows.end()) mark_not_asked(companion.rows, only->second);
    in.companions.push_back(std::move(companion));
  }
  return in;
}

// The race tables of the answer: each raced family's result with its counters, companions, rows
// of one code, work and pools.
void add_tables(tune::race::race_answer& answer, const tune::race::mint_result& result, const std::vector<gated>& raced,
                const std::vector<tune::race::family_input>& inputs,
                const std::vector<std::map<std::string, std::string>>& same_codes,
                const tune::bench::supervised_timer& timer) {
  const int cores = tune::box::allocation_cpus();
  for (const auto& r : result.families) {
    for (std::size_t i = 0; i < raced.size(); ++i) {
      const auto& g = raced[i];
      if (g.info->name != r.name) continue;
      auto table = tune::bench::table_of(r, *g.info, g.gate.rows());
      tune::bench::add_counters(table, *g.info, timer, i);
      if (!g.info->companions.empty()) {
        tune::bench::add_companions(table, r, *g.info, g.gate);
        for (const auto& c : inputs[i].companions)
          if (!c.untimed) tune::bench::add_counters(table.companion_races->at(c.name), *g.info, timer, c.timer_index);
      }
      tune::bench::add_same_code(table, same_codes[i]);
      if (g.session->work() > 0) table.work = tune::race::work_record{g.session->work(), g.session->work_unit()};
      table.threads = g.info->threads;
      table.cores = cores;
      answer.families[r.name] = std::move(table);
    }
  }
}

int cmd_race(const std::string& request_path, const std::string& out_path) {
  // A race whose `tune` was killed (SIGKILL included, which it cannot catch) must not race on
  // alone under PID 1; its families' children follow it the same way (serve.cpp).
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  const auto parsed = tune::util::read_json(request_path);
  if (!parsed) throw std::runtime_error(fmt::format("race request {} does not exist", request_path));
  check_request(*parsed, request_path);
  const auto request = parsed->get<tune::race::race_request>();
  const auto protocol = protocol_from(request);
  const auto features = tune::box::this_box_features();
  const auto families = select(request.families);

  tune::race::race_answer answer;
  answer.telemetry["before"] = tune::measure::machine_state();
  answer.features = tune::box::join(features);

  // Gate every family first, each in its own child: rows that fail are listed, never timed.
  std::vector<gated> raced;
  std::vector<tune::race::family_input> inputs;
  std::vector<std::map<std::string, std::string>> same_codes;  // per raced family: duplicate -> representative
  for (const family_info* f : families) {
    const auto known = request.failed.find(f->name);
    const auto asked = request.only_rows.find(f->name);
    auto g = gate_family(*f, features, known == request.failed.end() ? decltype(known->second){} : known->second,
                         asked == request.only_rows.end() ? nullptr : &asked->second);
    std::map<std::string, std::string> same;
    auto in = g.gate.error.empty() ? race_input(*f, g, request, same) : g.gate.error;
    if (const auto* error = std::get_if<std::string>(&in)) {
      answer.errors[f->name] = *error;
      continue;
    }
    inputs.push_back(std::move(std::get<tune::race::family_input>(in)));
    same_codes.push_back(std::move(same));
    raced.push_back(std::move(g));
  }
  // The timer knows companions' rows by the indices past the families'.
  std::vector<tune::bench::supervised_timer::raced> timed;
  std::vector<tune::bench::supervised_timer::target> targets;
  for (std::size_t i = 0; i < raced.size(); ++i) {
    timed.push_back({raced[i].info, raced[i].session.get(), &raced[i].gate});
    targets.push_back({i, 0});
  }
  std::size_t timed_companions = 0;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    for (std::size_t k = 0; k < inputs[i].companions.size(); ++k) {
      auto& c = inputs[i].companions[k];
      if (c.untimed) continue;
      c.timer_index = targets.size();
      targets.push_back({i, raced[i].info->companions[k].table});
      ++timed_companions;
    }
  }

  tune::bench::supervised_timer timer(std::move(timed), std::move(targets));
  tune::measure::real_clock clock;
  tune::race::progress_event plan;
  plan.what = tune::race::progress_event::kind::plan;
  plan.scope = request.scope;
  plan.total = static_cast<int>(inputs.size() + timed_companions);
  event(plan);
  const auto result = tune::race::run_mint(inputs, timer, clock, protocol, progress_sink());
  timer.close();

  answer.mint = tune::race::record_of(result);
  add_tables(answer, result, raced, inputs, same_codes, timer);
  for (const auto& [name, error] : result.errors) answer.errors[name] = error;
  answer.telemetry["after"] = tune::measure::machine_state();
  tune::util::write_file_atomic(out_path,
                                nlohmann::json(answer).dump(2, ' ', false, nlohmann::json::error_handler_t::replace));

  if (result.status == tune::race::mint_status::noise_refused) return exit_noise_refused;
  if (result.status == tune::race::mint_status::interrupted) return exit_interrupted;
  return answer.errors.empty() ? 0 : exit_family_error;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"cmake-tune bench: the rows of one scope, their fixtures and the race"};
  app.require_subcommand(1);
  auto* list = app.add_subcommand("list", "Families, rows and what runs on this box (JSON)");
  auto* box = app.add_subcommand("box", "This box's identity, class and features (JSON)");
  std::vector<std::string> test_families;
  auto* test = app.add_subcommand("test", "Check every runnable row against its family's reference");
  test->add_option("--family", test_families, "Only these families");
  std::string request, out;
  auto* race = app.add_subcommand("race", "Race the requested families (used by `tune mint`)");
  race->add_option("--request", request, "Race request (JSON)")->required();
  race->add_option("--out", out, "Where to write the result (JSON)")->required();
  std::string serve_name;
  auto* serve = app.add_subcommand("serve", "One family's supervised child (used by test and race)");
  serve->add_option("--family", serve_name, "The family")->required();
  CLI11_PARSE(app, argc, argv);
  try {
    if (serve->parsed()) return tune::bench::serve_family(find_family(serve_name));
    if (list->parsed()) return cmd_list();
    if (box->parsed()) return cmd_box();
    if (test->parsed()) return cmd_test(test_families);
    return cmd_race(request, out);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench: error: %s\n", tune::util::error_text(e).c_str());
    return exit_family_error + 8;
  }
}
