// The launcher's refusals: every identity field changed one at a time, in the situation (the
// program, a library, an input, the environment, the arguments, the box, the allocation) and in
// the recorded plan; FFTW wisdom missing or altered; malformed and unknown-format plans.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include <functional>

#include "plan/launcher.h"
#include "plan/plan_file.h"
#include "plan/wisdom_store.h"
#include "test_files.h"
#include "util/atomic_file.h"
#include "util/sha256.h"

using namespace tune::plan;
using tune::test::temp_dir;
using tune::test::write_text;

namespace {

struct launch_rig {
  temp_dir dir;
  std::filesystem::path program = dir / "app";
  std::filesystem::path library = dir / "libopenblas.so.0";
  std::filesystem::path input = dir / "input.dat";
  std::filesystem::path plan_path = dir / "app.plan.json";
  environment env{{"PATH", "/usr/bin:/bin"}, {"OMP_WAIT_POLICY", "passive"}};
  identity_sources sources;
  std::vector<std::string> argv;
  std::map<std::string, std::string> facts_now{{"openblas_config", "OpenBLAS 0.3.21"}};  // what loading reads

  launch_rig() {
    write_text(program, "#!/bin/sh\nexit 0\n");
    ::chmod(program.c_str(), 0755);
    write_text(library, "openblas v1");
    write_text(input, "input v1");
    sources.box = "linux|x86_64|Test CPU|family 6 model 1 stepping 1|6.1";
    sources.topology = "2 CPUs online (0-1) in 1 package(s), 2 cores, 1 thread(s) per core";
    sources.system.affinity = {0, 1};
    sources.library_facts = [this](const std::vector<std::string>& paths) {
      CHECK(paths == std::vector<std::string>{library.string()});
      return facts_now;
    };
    argv = {program.string(), "--steps", "4"};
    identity_inputs in;
    in.argv = argv;
    in.inputs = {input};
    in.libraries = {{"openblas", library.string()}};
    in.facts = {{"openblas_config", "OpenBLAS 0.3.21"}};
    in.env = env;
    in.plan_variables = {"OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS"};
    in.pilot_windows = 6;
    execution_plan plan;
    plan.tool = "cmake-tune test";
    plan.written = "2026-11-29T18:00:00Z";
    plan.settings = {{"OMP_NUM_THREADS", "1"}, {"OPENBLAS_NUM_THREADS", std::nullopt}};
    plan.identity = derive_identity(in, sources);
    plan.evidence.status = "improved";
    plan.evidence.enumeration = "tune-plan-enum/1";
    write_plan(plan_path, plan);
  }

  prepared_launch launch() { return prepare_launch(plan_path, argv, env, sources); }

  // Refused with exactly one change, named `field`, with both values in the message.
  void expect_one_change(const std::string& field, const std::string& recorded, const std::string& current) {
    try {
      launch();
      FAIL("the launch should have been refused for " << field);
    } catch (const plan_refusal& refusal) {
      REQUIRE(refusal.changes().size() == 1);
      CHECK(refusal.changes()[0].field == field);
      CHECK(refusal.changes()[0].recorded == recorded);
      CHECK(refusal.changes()[0].current == current);
      CHECK(std::string(refusal.what()).find("\n  " + field + ": plan " + recorded + ", now " + current) !=
            std::string::npos);
    }
  }

  // Rewrites one field of the recorded plan.
  void edit_plan(const std::function<void(nlohmann::json&)>& edit) {
    auto doc = nlohmann::json::parse(*tune::util::read_file(plan_path));
    edit(doc);
    write_text(plan_path, doc.dump(2));
  }
};

}  // namespace

TEST_CASE("launch: an unchanged situation gets the whole plan: environment, removals and affinity") {
  launch_rig t;
  t.env["OPENBLAS_NUM_THREADS"] = "2";
  t.env["TUNE_PILOT_OUT"] = "/tmp/stale";
  const auto launch = t.launch();
  CHECK(launch.env.at("OMP_NUM_THREADS") == "1");
  CHECK_FALSE(launch.env.count("OPENBLAS_NUM_THREADS"));
  CHECK_FALSE(launch.env.count("TUNE_PILOT_OUT"));
  CHECK(launch.env.at("OMP_WAIT_POLICY") == "passive");
  CHECK(launch.cpus == std::vector<int>{0, 1});
  CHECK(launch.argv == t.argv);
  CHECK(launch.program == std::filesystem::canonical(t.program));
}

TEST_CASE("launch: each changed situation is refused naming that field and both values") {
  SUBCASE("the program's content") {
    launch_rig t;
    const auto before = tune::util::sha256_file(t.program);
    write_text(t.program, "#!/bin/sh\nexit 1\n");
    t.expect_one_change("program (content sha256 of " + std::filesystem::canonical(t.program).string() + ")", before,
                        tune::util::sha256_file(t.program));
  }
  SUBCASE("a library's content") {
    launch_rig t;
    const auto before = tune::util::sha256_file(t.library);
    write_text(t.library, "openblas v2");
    t.expect_one_change("library openblas (content sha256 of " + t.library.string() + ")", before,
                        tune::util::sha256_file(t.library));
  }
  SUBCASE("a declared input's content") {
    launch_rig t;
    const auto before = tune::util::sha256_file(t.input);
    write_text(t.input, "input v2");
    t.expect_one_change("input " + t.input.string() + " (content sha256)", before, tune::util::sha256_file(t.input));
  }
  SUBCASE("the arguments") {
    launch_rig t;
    t.argv.back() = "40";
    t.expect_one_change("args", "'--steps' '4'", "'--steps' '40'");
  }
  SUBCASE("a watched environment variable") {
    launch_rig t;
    t.env["OMP_WAIT_POLICY"] = "active";
    t.expect_one_change("environment OMP_WAIT_POLICY", "passive", "active");
  }
  SUBCASE("a knob variable that appeared") {
    launch_rig t;
    t.env["TUNE_KNOB_FFTW_THREADS"] = "2";
    t.expect_one_change("environment TUNE_KNOB_FFTW_THREADS", "unset", "2");
  }
  SUBCASE("a declared input removed") {
    launch_rig t;
    const auto before = tune::util::sha256_file(t.input);
    std::filesystem::remove(t.input);
    t.expect_one_change("input " + t.input.string() + " (content sha256)", before, "missing");
  }
  SUBCASE("a library removed") {
    launch_rig t;
    const auto before = tune::util::sha256_file(t.library);
    std::filesystem::remove(t.library);
    t.expect_one_change("library openblas (content sha256 of " + t.library.string() + ")", before, "absent");
  }
  SUBCASE("a cgroup memory limit that appeared on a parent") {
    launch_rig t;
    t.sources.system.root = t.dir / "root";
    t.sources.system.proc_self_cgroup = "0::/ci/job\n";
    t.sources.system.proc_self_mountinfo = "30 22 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
    write_text(t.dir / "root/sys/fs/cgroup/ci/memory.max", "1073741824\n");
    t.expect_one_change("allocation.memory_bytes", "none", "1073741824");
  }
  SUBCASE("the box") {
    launch_rig t;
    const auto before = t.sources.box;
    t.sources.box = "linux|x86_64|Other CPU|family 6 model 2 stepping 1|6.1";
    t.expect_one_change("box", before, t.sources.box);
  }
  SUBCASE("the CPU topology") {
    launch_rig t;
    const auto before = t.sources.topology;
    t.sources.topology = "4 CPUs online (0-3) in 1 package(s), 2 cores, 2 thread(s) per core";
    t.expect_one_change("topology", before, t.sources.topology);
  }
}

TEST_CASE("launch: a changed allocation is refused for each of its fields") {
  launch_rig t;
  t.sources.system.affinity = {0};
  try {
    t.launch();
    FAIL("refused");
  } catch (const plan_refusal& refusal) {
    REQUIRE(refusal.changes().size() == 2);
    CHECK(refusal.changes()[0].field == "allocation.cpus");
    CHECK(refusal.changes()[0].recorded == "0-1");
    CHECK(refusal.changes()[0].current == "0");
    CHECK(refusal.changes()[1].field == "allocation.threads");
  }
}

TEST_CASE("launch: each recorded identity field, changed in the plan, is refused naming it") {
  // `field` may name a file of the rig: {program}, {library}, {input} stand for its paths.
  struct edit {
    const char* pointer;
    nlohmann::json value;
    std::string field;
    std::string recorded;
  };
  const std::vector<edit> edits{
      {"/identity/compiler", "GCC: (Other) 99", "compiler", "GCC: (Other) 99"},
      {"/identity/box", "linux|x86_64|Elsewhere|x|6.1", "box", "linux|x86_64|Elsewhere|x|6.1"},
      {"/identity/topology", "64 CPUs", "topology", "64 CPUs"},
      {"/identity/allocation/threads", 7, "allocation.threads", "7"},
      {"/identity/allocation/cpu_quota", 7, "allocation.cpu_quota", "7"},
      {"/identity/allocation/memory_bytes", 7, "allocation.memory_bytes", "7"},
      {"/identity/allocation/cpus/1", 7, "allocation.cpus", "0,7"},
      {"/identity/program/sha256", "0000", "program (content sha256 of {program})", "0000"},
      {"/identity/libraries/0/sha256", "0000", "library openblas (content sha256 of {library})", "0000"},
      {"/identity/libraries/0/version", "OpenBLAS 0.3.26", "library openblas version", "OpenBLAS 0.3.26"},
      {"/identity/args/1", "400", "args", "'--steps' '400'"},
      {"/identity/inputs/0/sha256", "0000", "input {input} (content sha256)", "0000"},
      {"/identity/environment/OMP_WAIT_POLICY", "active", "environment OMP_WAIT_POLICY", "active"},
  };
  for (const auto& e : edits) {
    CAPTURE(e.pointer);
    launch_rig t;
    std::string field = e.field;
    const std::pair<std::string, std::string> paths[] = {{"{program}", std::filesystem::canonical(t.program).string()},
                                                         {"{library}", t.library.string()},
                                                         {"{input}", t.input.string()}};
    for (const auto& [name, path] : paths) {
      if (const auto at = field.find(name); at != std::string::npos) field.replace(at, name.size(), path);
    }
    t.edit_plan([&](nlohmann::json& doc) { doc[nlohmann::json::json_pointer(e.pointer)] = e.value; });
    try {
      t.launch();
      FAIL("refused");
    } catch (const plan_refusal& refusal) {
      REQUIRE(refusal.changes().size() == 1);
      CHECK(refusal.changes()[0].field == field);
      CHECK(refusal.changes()[0].recorded == e.recorded);
    }
  }
}

TEST_CASE("launch: a library reporting another version, same file, is refused naming both versions") {
  launch_rig t;
  t.facts_now["openblas_config"] = "OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH Zen";  // e.g. OPENBLAS_CORETYPE set
  t.expect_one_change("library openblas version", "OpenBLAS 0.3.21", "OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH Zen");
  t.facts_now.clear();  // the library no longer reports one
  t.expect_one_change("library openblas version", "OpenBLAS 0.3.21", "none");
}

TEST_CASE("launch: library facts are read by loading the libraries, as the pilot reads them") {
  // The C library is loaded in every process and defines neither symbol: no facts, no failure.
  const auto facts = load_library_facts({"libc.so.6", "/nonexistent/libopenblas.so.0"});
  CHECK(facts.at("openblas_config").empty());
  CHECK(facts.at("fftw_version").empty());
}

TEST_CASE("launch: the plan's FFTW wisdom must be there, unchanged") {
  launch_rig t;
  const auto ref = store_wisdom(t.plan_path, "(fftw-3.3.10 fftw_wisdom)", {"forward 2d"});
  t.edit_plan([&](nlohmann::json& doc) {
    doc["fftw_wisdom"] = {{"sha256", ref.sha256}, {"file", ref.file}, {"plans", ref.plans}};
  });
  auto launch = t.launch();
  CHECK(launch.env.at("TUNE_FFTW_WISDOM_ONLY") == "1");
  CHECK(launch.env.at("TUNE_FFTW_WISDOM_IN") == wisdom_path(t.plan_path, ref).string());
  write_text(wisdom_path(t.plan_path, ref), "(fftw-3.3.10 fftw_wisdom changed)");
  t.expect_one_change("fftw_wisdom (content sha256 of " + wisdom_path(t.plan_path, ref).string() + ")", ref.sha256,
                      tune::util::sha256_file(wisdom_path(t.plan_path, ref)));
  std::filesystem::remove(wisdom_path(t.plan_path, ref));
  t.expect_one_change("fftw_wisdom (content sha256 of " + wisdom_path(t.plan_path, ref).string() + ")", ref.sha256,
                      "missing");
}

TEST_CASE("launch: a malformed or unknown-format plan is an error, never a default") {
  launch_rig t;
  write_text(t.plan_path, "{not json");
  CHECK_THROWS_AS(t.launch(), plan_format_error);
  write_text(t.plan_path, R"({"format": "tune-plan/2"})");
  CHECK_THROWS_WITH_AS(t.launch(),
                       ("the plan " + t.plan_path.string() +
                        " has format \"tune-plan/2\"; this tune reads tune-plan/1: run `tune plan search` again with "
                        "this version")
                           .c_str(),
                       plan_format_error);
  write_text(t.plan_path, R"({"format": "tune-plan/1", "tool": "x"})");
  try {
    t.launch();
    FAIL("a plan without its fields must not launch");
  } catch (const plan_format_error& e) {
    CHECK(std::string(e.what()).rfind("the plan " + t.plan_path.string() + " is malformed: ", 0) == 0);
  }
  std::filesystem::remove(t.plan_path);
  CHECK_THROWS_WITH_AS(t.launch(), ("the plan " + t.plan_path.string() + " does not exist").c_str(), plan_format_error);
}

TEST_CASE("plan file: what is written reads back the same") {
  launch_rig t;
  const auto plan = read_plan(t.plan_path);
  CHECK(to_json(read_plan(t.plan_path)) == to_json(plan));
  CHECK(plan.identity.pilot_windows == 6);
  CHECK(plan.identity.libraries.at(0).version == "OpenBLAS 0.3.21");
  CHECK(plan.identity.environment.at("OMP_WAIT_POLICY") == "passive");
  CHECK_FALSE(plan.identity.environment.count("OMP_NUM_THREADS"));
  CHECK(plan.settings.at("OMP_NUM_THREADS") == "1");
  CHECK_FALSE(plan.settings.at("OPENBLAS_NUM_THREADS"));
}

// A plan is data, never code (every input below was seen launching before plans were checked).
TEST_CASE("plan file: settings name only variables a knob sets, each refused by name otherwise") {
  const auto refused = [](const std::string& variable, const std::string& value, bool unset = false) {
    launch_rig t;
    t.edit_plan([&](nlohmann::json& doc) {
      if (unset)
        doc["settings"]["unset"].push_back(variable);
      else
        doc["settings"]["set"][variable] = value;
    });
    try {
      t.launch();
    } catch (const plan_format_error& e) {
      CHECK(std::string(e.what()).find("json.exception") == std::string::npos);
      return std::string(e.what()).substr(std::string("the plan " + t.plan_path.string() + " is malformed: ").size());
    }
    return std::string("launched");
  };
  CHECK(refused("LD_PRELOAD", "/tmp/evil.so") ==
        "at settings.set.LD_PRELOAD: expected a knob's variable, found \"LD_PRELOAD\", which cannot be one: it changes "
        "what the program loads (LD_*)");
  CHECK(refused("LD_LIBRARY_PATH", "/tmp", true) ==
        "at settings.unset[1]: expected a knob's variable, found \"LD_LIBRARY_PATH\", which cannot be one: it changes "
        "what the program loads (LD_*)");
  CHECK(refused("", "x") ==
        "at settings.set.: expected a knob's variable, found \"\", which cannot be one: it is not an "
        "identifier");
  CHECK(refused("A=B", "x").find("found \"A=B\", which cannot be one: it is not an identifier") != std::string::npos);
  CHECK(
      refused("MY_SOLVER_BLOCK", "64") ==
      "at settings.set.MY_SOLVER_BLOCK: expected a variable a knob sets, found \"MY_SOLVER_BLOCK\", which no built-in "
      "knob sets and knob_variables does not list");
  // The project's own knob, recorded by the search, is allowed; a dangerous one never is.
  launch_rig t;
  t.edit_plan([](nlohmann::json& doc) {
    doc["knob_variables"] = {"MY_SOLVER_BLOCK"};
    doc["settings"]["set"]["MY_SOLVER_BLOCK"] = "64";
  });
  CHECK(t.launch().env.at("MY_SOLVER_BLOCK") == "64");
  t.edit_plan([](nlohmann::json& doc) { doc["knob_variables"] = {"PATH"}; });
  CHECK_THROWS_WITH_AS(t.launch(),
                       ("the plan " + t.plan_path.string() +
                        " is malformed: at knob_variables[0]: expected a knob's variable, found \"PATH\", which cannot "
                        "be one: it changes what the program runs or finds, not how it tunes itself")
                           .c_str(),
                       plan_format_error);
}

TEST_CASE("plan file: mistyped fields and numbers out of range are named with the plan's field names") {
  const auto error_of = [](const std::function<void(nlohmann::json&)>& edit) {
    launch_rig t;
    t.edit_plan(edit);
    try {
      t.launch();
    } catch (const plan_format_error& e) {
      return std::string(e.what()).substr(std::string("the plan " + t.plan_path.string() + " is malformed: ").size());
    }
    return std::string("launched");
  };
  CHECK(error_of([](nlohmann::json& d) { d["settings"] = 5; }) ==
        "at settings: expected an object, found the number 5");
  CHECK(error_of([](nlohmann::json& d) { d["identity"]["allocation"]["threads"] = 1000000000000000000LL; }) ==
        "at identity.allocation.threads: expected an integer from 1 to 1048576, found the number 1000000000000000000");
  CHECK(error_of([](nlohmann::json& d) { d["identity"]["allocation"]["request"]["memory_bytes"] = 0; }) ==
        "at identity.allocation.request.memory_bytes: expected an integer from 1 to 1152921504606846976, found the "
        "number 0");
  CHECK(error_of([](nlohmann::json& d) { d["identity"]["pilot_windows"] = "six"; }) ==
        "at identity.pilot_windows: expected an integer from 0 to 1048576, found a string \"six\"");
  // The wisdom is named by its hash beside the plan; any other name could point anywhere.
  const std::string sha(64, 'a');
  CHECK(error_of([&](nlohmann::json& d) {
          d["fftw_wisdom"] = {{"sha256", sha}, {"file", "/dev/zero"}, {"plans", nlohmann::json::array()}};
        }) == "at fftw_wisdom.file: expected \"fftw-wisdom/" + sha +
                  ".wisdom\" (the wisdom beside the plan, named by its "
                  "sha256), found a string \"/dev/zero\"");
  CHECK(error_of([](nlohmann::json& d) {
          d["fftw_wisdom"] = {
              {"sha256", "../../x"}, {"file", "fftw-wisdom/../../x.wisdom"}, {"plans", nlohmann::json::array()}};
        }) == "at fftw_wisdom.sha256: expected a sha256 (64 lowercase hex digits), found a string \"../../x\"");
}

TEST_CASE("launch: a library or input that is no regular file is refused at once, never read") {
  launch_rig t;
  t.sources.library_facts = [](const std::vector<std::string>&) { return std::map<std::string, std::string>{}; };
  t.edit_plan([](nlohmann::json& d) { d["identity"]["libraries"][0]["path"] = "/dev/zero"; });
  try {
    t.launch();
    FAIL("a device as a library must be refused");
  } catch (const plan_refusal& refusal) {
    CHECK(std::string(refusal.what()).find("not a regular file (a device, FIFO or socket)") != std::string::npos);
  }
  t.edit_plan([&](nlohmann::json& d) { d["identity"]["inputs"][0]["path"] = t.dir.path().string(); });
  CHECK_THROWS_WITH_AS(t.launch(),
                       ("the declared input " + t.dir.path().string() +
                        " is not a regular file (a directory, device or FIFO); INPUTS names files whose content the "
                        "plan is valid for")
                           .c_str(),
                       std::runtime_error);
}
