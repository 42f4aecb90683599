// Processes that go wrong: crashes, hangs, a failing baseline, wrong output, too much memory,
// settings the program ignores, and environments that conflict with the allocation.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "plan_rig.h"

using namespace tune::plan;
using namespace tune::plan::testing;

TEST_CASE("crash: a crashing candidate is recorded with the reason and the search goes on") {
  rig t;
  t.program.window_s = [](const fake_settings& s, int) { return s.fftw == 2 ? 0.008 : 0.010; };
  t.program.fails = [](const fake_settings& s, int) -> std::optional<run_outcome::state> {
    if (s.omp == 1) return run_outcome::state::crashed;
    return std::nullopt;
  };
  const auto r = t.run();
  const auto& crashed = rig::find(r, "omp_threads=1");
  CHECK(crashed.fate == tune::plan::candidate_fate::failed);
  CHECK(crashed.reason == "killed by SIGSEGV");
  CHECK(r.status == search_status::improved);
  CHECK(rig::setting(r.selected, "TUNE_KNOB_FFTW_THREADS") == "2");
  CHECK(rig::setting(r.selected, "OMP_NUM_THREADS") == "2");
}

TEST_CASE("hang: a hanging candidate is killed at the hang limit, reaped, and recorded") {
  rig t;
  t.program.fails = [](const fake_settings& s, int) -> std::optional<run_outcome::state> {
    if (s.fftw == 2) return run_outcome::state::timed_out;
    return std::nullopt;
  };
  const auto r = t.run();
  const auto& hung = rig::find(r, "fftw_threads=2");
  CHECK(hung.fate == tune::plan::candidate_fate::failed);
  CHECK(hung.reason == "hung: timed out");
  const run_record* run = nullptr;
  for (const auto& x : r.runs) {
    if (x.candidate == hung.id) run = &x;
  }
  REQUIRE(run);
  // 3x the baseline or the baseline plus 2 s, whichever is longer: 0.11 s + 2 s.
  CHECK(run->timeout_s == doctest::Approx(2.11));
  CHECK_FALSE(run->timeout_is_budget);
}

TEST_CASE("baseline failure: the search stops with an error and keeps the record") {
  rig t;
  t.program.fails = [](const fake_settings&, int run) -> std::optional<run_outcome::state> {
    if (run == 1) return run_outcome::state::failed;
    return std::nullopt;
  };
  try {
    t.run();
    FAIL("the search must stop when the baseline fails");
  } catch (const baseline_failure& e) {
    CHECK(std::string(e.what()) ==
          "the baseline failed (exit 3): there is nothing to compare candidates against; fix the program or its "
          "pilot ARGS");
    CHECK(e.record().runs.size() == 1);
    CHECK(e.record().error == e.what());
    CHECK_FALSE(e.record().plan_written_allowed);
  }
  CHECK(t.runner.runs == 1);
}

TEST_CASE("oracle: a faster candidate with different output is removed, whatever its speed") {
  rig t;
  t.program.window_s = [](const fake_settings& s, int) {
    if (s.planner == "measure") return 0.004;
    return s.omp == 1 ? 0.008 : 0.010;
  };
  t.program.output_scale = [](const fake_settings& s) { return s.planner == "measure" ? 1.001 : 1.0; };
  const auto r = t.run();
  // Stage 1 tries the planner from the incumbent, omp_threads=1.
  const auto& wrong = rig::find(r, "omp_threads=1, fftw_planner=measure");
  CHECK(wrong.fate == tune::plan::candidate_fate::invalid);
  CHECK(wrong.reason == "output differs from the oracle: relative deviation 0.001 exceeds rel=1e-09");
  REQUIRE(wrong.validation);
  CHECK(wrong.validation->max_abs == doctest::Approx(0.003));
  CHECK(r.status == search_status::improved);
  CHECK(rig::setting(r.selected, "TUNE_KNOB_FFTW_PLANNER") == "estimate");
  CHECK(rig::setting(r.selected, "OMP_NUM_THREADS") == "1");
}

TEST_CASE("oracle: a tolerance given by the user is used instead of the default") {
  rig t;
  t.options.tol = parse_tolerance("rel=0.01");
  t.program.window_s = [](const fake_settings& s, int) { return s.planner == "measure" ? 0.004 : 0.010; };
  t.program.output_scale = [](const fake_settings& s) { return s.planner == "measure" ? 1.001 : 1.0; };
  const auto r = t.run();
  CHECK(rig::find(r, "fftw_planner=measure").fate == tune::plan::candidate_fate::completed);
  CHECK(rig::setting(r.selected, "TUNE_KNOB_FFTW_PLANNER") == "measure");
}

TEST_CASE("memory: a candidate whose peak RSS exceeds the allocation is refused") {
  rig t;
  t.options.alloc.memory_bytes = 100LL * 1024 * 1024;
  t.program.window_s = [](const fake_settings& s, int) { return s.omp == 1 ? 0.005 : 0.010; };
  t.program.rss_kb = [](const fake_settings& s) { return s.omp == 1 ? 200'000LL : 50'000LL; };
  const auto r = t.run();
  const auto& big = rig::find(r, "omp_threads=1");
  CHECK(big.fate == tune::plan::candidate_fate::refused);
  CHECK(big.reason == "peak RSS 195 MiB exceeds the allocation's memory of 100 MiB");
  CHECK(rig::setting(r.selected, "OMP_NUM_THREADS") != "1");
}

// A program whose BLAS ignores OPENBLAS_NUM_THREADS: it always reports 2 threads.
class ignoring_worker final : public worker {
 public:
  explicit ignoring_worker(fake_worker& inner) : inner_(inner) {}
  run_outcome run(const run_request& request) override {
    auto out = inner_.run(request);
    if (out.facts.count("openblas_threads")) out.facts["openblas_threads"] = "2";
    return out;
  }

 private:
  fake_worker& inner_;
};

TEST_CASE("no effect: a setting the pilot reports was ignored is never credited") {
  rig t;
  // The ignored setting's screening process happens to be fast.
  t.program.window_s = [](const fake_settings& s, int) { return s.openblas == 1 ? 0.005 : 0.010; };
  ignoring_worker ignoring(t.runner);
  search_context context{ignoring, t.clock, t.load};
  const auto r = run_search(t.options, context);
  const auto& ignored = rig::find(r, "openblas_threads=1");
  CHECK(ignored.fate == tune::plan::candidate_fate::not_in_effect);
  CHECK(ignored.reason ==
        "set OPENBLAS_NUM_THREADS=1 but the pilot reported openblas_threads 2: the setting was not in effect, so it "
        "cannot be credited");
  CHECK(rig::setting(r.selected, "OPENBLAS_NUM_THREADS") != "1");
}

TEST_CASE("allocation: an explicit setting above the allocation is an error before anything runs") {
  rig t;
  t.options.caller_env["OMP_NUM_THREADS"] = "4";
  CHECK_THROWS_WITH_AS(t.run(),
                       "OMP_NUM_THREADS=4 in the environment asks for more threads than the allocation's 2; lower "
                       "it to at most 2 or unset it",
                       std::runtime_error);
  CHECK(t.runner.runs == 0);
}

TEST_CASE("allocation: inherited heuristics above the allocation are normalized and reported apart") {
  rig t;
  t.program.default_threads = 8;
  const auto r = t.run();
  REQUIRE(r.normalizations.size() == 2);
  CHECK(r.normalizations[0].variable == "OPENBLAS_NUM_THREADS");
  CHECK(r.normalizations[0].value == "2");
  CHECK(r.normalizations[0].reason == "OpenBLAS resolved 8 threads, above the allocation's 2");
  CHECK(r.normalizations[1].variable == "OMP_NUM_THREADS");
  CHECK(r.runs[0].role == tune::plan::run_role::baseline);
  CHECK(r.runs[1].role == tune::plan::run_role::baseline);
  CHECK(r.base_env.at("OMP_NUM_THREADS") == "2");
  CHECK(r.baseline->facts.at("omp_max_threads") == "2");
  CHECK(rig::setting(r.selected, "OMP_NUM_THREADS") != "8");
}

TEST_CASE("knobs: a knob fixed by the caller's environment is a constraint unless named") {
  rig t;
  t.options.caller_env["OMP_WAIT_POLICY"] = "passive";
  auto r = t.run();
  bool noted = false;
  for (const auto& n : r.knob_notes) {
    noted = noted || n == "omp_wait_policy: not searched: fixed by the environment (OMP_WAIT_POLICY=passive); "
                          "name it in KNOBS to search it";
  }
  CHECK(noted);
  for (const auto& c : r.candidates) CHECK(c.description.find("omp_wait_policy") == std::string::npos);

  rig named;
  named.options.caller_env["OMP_WAIT_POLICY"] = "passive";
  named.options.knobs = parse_knob_request({"omp_wait_policy"}, {});
  r = named.run();
  REQUIRE(r.axes == std::vector<std::string>{"omp_wait_policy"});
  CHECK(r.candidates.front().description == "omp_wait_policy=active");
}

TEST_CASE("knobs: a program that loads none of the libraries has nothing to search") {
  rig t;
  t.program.openblas = t.program.openmp = t.program.fftw = false;
  const auto r = t.run();
  CHECK(r.status == search_status::baseline);
  CHECK(r.stop_reason == "no knob applies to this program: nothing to search");
  CHECK(r.plan_written_allowed);
  CHECK(r.knob_notes.front() == "openblas_threads: not a candidate: the pilot did not load OpenBLAS");
}

TEST_CASE("wisdom: a winner whose wisdom does not reproduce its plans in a fresh process is not selected") {
  rig t;
  t.program.window_s = [](const fake_settings& s, int) { return s.planner == "measure" ? 0.008 : 0.010; };
  t.program.wisdom_reproduces = false;
  const auto r = t.run();
  CHECK(r.status == search_status::inconclusive);
  CHECK_FALSE(r.winner);
  CHECK(r.runs.back().role == tune::plan::run_role::recheck);
  CHECK(t.runner.requests.back().wisdom_only);
  REQUIRE(t.runner.requests.back().wisdom_in);
  CHECK(*t.runner.requests.back().wisdom_in == "(fftw-wisdom measure)");
  CHECK(r.stop_reason.find("FFTW wisdom failed its fresh-process re-check: FFTW plan 'forward' was not reproduced") !=
        std::string::npos);
}

TEST_CASE("wisdom: a replay under another wisdom key or as another plan is named and not selected") {
  struct replay_case {
    const char* what;
    std::function<void(tune::plan::fftw_plan_report&)> differs;
    const char* reason;
  };
  const replay_case cases[] = {
      {"threads", [](tune::plan::fftw_plan_report& p) { p.planner_threads = 1; },
       "FFTW plan 'forward' was replayed with planner threads 1, its wisdom made with 2"},
      {"threads started", [](tune::plan::fftw_plan_report& p) { p.threads_ready = false; },
       "FFTW plan 'forward' was replayed with FFTW's threads started before the import: no, its wisdom made with yes"},
      {"rigor", [](tune::plan::fftw_plan_report& p) { p.effort = "estimate"; },
       "FFTW plan 'forward' was replayed with planning effort estimate, its wisdom made with measure"},
      {"in place", [](tune::plan::fftw_plan_report& p) { p.in_place = true; },
       "FFTW plan 'forward' was replayed with in place: yes, its wisdom made with no"},
      {"alignment", [](tune::plan::fftw_plan_report& p) { p.out_align = 16; },
       "FFTW plan 'forward' was replayed with its output at address modulo 64 = 16, its wisdom made with 0"},
      {"plan", [](tune::plan::fftw_plan_report& p) { p.plan = "(dft-forward-other)"; },
       "FFTW plan 'forward' replayed as another plan than the one its wisdom was made with: `(dft-forward-other)` "
       "where it had `(dft-forward-measure-x2)`"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.what);
    rig t;
    t.program.window_s = [](const fake_settings& s, int) {
      return s.planner == "measure" && s.fftw == 2 ? 0.008 : 0.010;
    };
    t.program.replay_differs = c.differs;
    const auto r = t.run();
    CHECK(r.status == search_status::inconclusive);
    CHECK_FALSE(r.winner);
    CHECK_FALSE(r.wisdom);
    CHECK(r.runs.back().role == tune::plan::run_role::recheck);
    CHECK(r.stop_reason.find(c.reason) != std::string::npos);
  }
  // The same search whose replay matches selects the winner, and says its plans were compared.
  rig t;
  t.program.window_s = [](const fake_settings& s, int) {
    return s.planner == "measure" && s.fftw == 2 ? 0.008 : 0.010;
  };
  const auto r = t.run();
  REQUIRE(r.winner);
  CHECK(r.wisdom_note.find("each as FFTW printed it when the wisdom was made") != std::string::npos);
}

TEST_CASE("wisdom: the baseline starts from the initial wisdom, a candidate from the leader's, then its own") {
  rig t;
  t.options.initial_wisdom = "(fftw-wisdom initial)";
  t.program.window_s = [](const fake_settings& s, int) { return s.planner == "measure" ? 0.008 : 0.010; };
  const auto r = t.run();
  REQUIRE(r.winner);
  std::set<int> started;
  for (std::size_t i = 0; i < r.runs.size(); ++i) {
    const auto& request = t.runner.requests[i];
    if (request.wisdom_only) continue;
    REQUIRE(request.wisdom_in);
    const int id = r.runs[i].candidate;
    if (id == 0) {
      CHECK(*request.wisdom_in == "(fftw-wisdom initial)");
    } else if (!started.insert(id).second) {
      // Its own (the fake exports its planner's wisdom): FFTW_MEASURE is not planned again.
      CHECK(*request.wisdom_in == "(fftw-wisdom " + t.program.resolve(request.env).planner + ")");
    }
  }
  CHECK(rig::setting(r.selected, "TUNE_KNOB_FFTW_PLANNER") == "measure");
}

TEST_CASE("cache: a cached plan is re-confirmed against the baseline before it is the answer") {
  rig t;
  t.program.window_s = [](const fake_settings& s, int) { return s.omp == 1 ? 0.008 : 0.010; };
  t.options.cached = assignment{{"OMP_NUM_THREADS", "1"}, {"OPENBLAS_NUM_THREADS", "2"}};
  const auto r = t.run();
  CHECK(r.status == search_status::improved);
  CHECK(r.cache_note == "cached plan re-confirmed against this baseline");
  for (const auto& run : r.runs) CHECK(run.role != tune::plan::run_role::screen);
  CHECK(rig::setting(r.selected, "OMP_NUM_THREADS") == "1");
}

TEST_CASE("cache: a cached plan that no longer wins is not trusted; the search goes on") {
  rig t;
  t.program.window_s = [](const fake_settings& s, int) { return s.fftw == 2 ? 0.008 : 0.010; };
  t.options.cached = assignment{{"OMP_NUM_THREADS", "1"}};
  const auto r = t.run();
  CHECK(r.cache_note.rfind("cached plan not re-confirmed (no improvement established", 0) == 0);
  CHECK(r.status == search_status::improved);
  CHECK(rig::setting(r.selected, "TUNE_KNOB_FFTW_THREADS") == "2");
}

TEST_CASE("cache: a cached plan that no longer wins, and nothing else that does: the baseline stands") {
  // The cached plan's failed re-confirmation is a confirmation record, but no contender: the
  // search ends as one without contenders, not in a decision with none to take.
  rig t;
  t.program.window_s = [](const fake_settings&, int) { return 0.010; };
  t.options.cached = assignment{{"OMP_NUM_THREADS", "1"}};
  const auto r = t.run();
  CHECK(r.cache_note.rfind("cached plan not re-confirmed (", 0) == 0);
  CHECK(r.status == search_status::baseline);
  CHECK(!r.winner);
  CHECK(r.stop_reason.rfind("no candidate screened faster than the baseline", 0) == 0);
}
TEST_CASE("crash: a candidate established early that crashes later is no plan to apply") {
  // omp_threads=1 is five times faster, so insure() establishes it during the walks; from the
  // program's 20th process on it crashes. The plan must not apply settings that crash. Without
  // FFTW no wisdom re-check runs the winner once more to catch it.
  rig t;
  t.program.fftw = false;
  t.program.window_s = [](const fake_settings& s, int) { return s.omp == 1 ? 0.002 : 0.010; };
  t.program.fails = [](const fake_settings& s, int run) -> std::optional<run_outcome::state> {
    if (s.omp == 1 && run > 20) return run_outcome::state::crashed;
    return std::nullopt;
  };
  const auto r = t.run();
  const auto& fast = rig::find(r, "omp_threads=1");
  CHECK(fast.fate == tune::plan::candidate_fate::failed);
  const bool established = std::any_of(r.confirmations.begin(), r.confirmations.end(),
                                       [&](const auto& c) { return c.candidate == fast.id && c.verdict.established; });
  CHECK(established);
  CHECK(r.winner != fast.id);
  CHECK(rig::setting(r.selected, "OMP_NUM_THREADS") != "1");
}
