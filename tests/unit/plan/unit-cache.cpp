// The plan cache: keyed by program content, arguments, inputs and allocation; a malformed entry
// or one whose identity moved is a miss with the reason, never an answer.
#include <doctest/doctest.h>

#include <sys/stat.h>

#include "plan/cache.h"
#include "test_files.h"

using namespace tune::plan;
using tune::test::temp_dir;
using tune::test::write_text;

namespace {

struct cache_rig {
  temp_dir dir;
  std::filesystem::path program = dir / "app";
  std::filesystem::path cache = dir / "cache";
  environment env{{"PATH", "/usr/bin:/bin"}};
  identity_sources sources;
  std::vector<std::string> argv;

  cache_rig() {
    write_text(program, "#!/bin/sh\nexit 0\n");
    ::chmod(program.c_str(), 0755);
    sources.box = "box";
    sources.topology = "topo";
    sources.system.affinity = {0, 1};
    sources.library_facts = [](const std::vector<std::string>&) { return std::map<std::string, std::string>{}; };
    argv = {program.string(), "--steps", "4"};
  }

  plan_identity identity() const {
    identity_inputs in;
    in.argv = argv;
    in.env = env;
    return derive_identity(in, sources);
  }

  execution_plan plan() const {
    execution_plan p;
    p.tool = "test";
    p.written = "now";
    p.settings = {{"OMP_NUM_THREADS", "1"}};
    p.identity = identity();
    p.evidence.status = "improved";
    return p;
  }

  cache_lookup lookup() const { return lookup_cached(cache, identity(), argv, env, sources); }
};

}  // namespace

TEST_CASE("cache: a stored plan is found again for the same program, arguments and allocation") {
  cache_rig t;
  CHECK(t.lookup().note == "miss: no cached plan for this program, arguments, inputs and allocation");
  store_cached(t.cache, t.plan());
  const auto hit = t.lookup();
  REQUIRE(hit.plan);
  CHECK(hit.plan->settings.at("OMP_NUM_THREADS") == "1");
  CHECK(hit.note.rfind("hit: ", 0) == 0);
}

TEST_CASE("cache: other arguments or another allocation are another key") {
  cache_rig t;
  store_cached(t.cache, t.plan());
  const auto key = cache_key(t.identity());
  t.argv.back() = "8";
  CHECK(cache_key(t.identity()) != key);
  CHECK_FALSE(t.lookup().plan);
  t.argv.back() = "4";
  t.sources.system.affinity = {0};
  CHECK(cache_key(t.identity()) != key);
}

TEST_CASE("cache: a malformed entry is a miss that says why") {
  cache_rig t;
  write_text(t.cache / (cache_key(t.identity()) + ".plan.json"), "{\"format\": \"tune-plan/1\"}");
  const auto miss = t.lookup();
  CHECK_FALSE(miss.plan);
  CHECK(miss.note.rfind("miss: the cached entry is unusable: the plan ", 0) == 0);
}

TEST_CASE("cache: an entry whose identity moved (here the box) is a miss naming the field") {
  cache_rig t;
  store_cached(t.cache, t.plan());
  t.sources.box = "another box";
  const auto miss = t.lookup();
  CHECK_FALSE(miss.plan);
  CHECK(miss.note == "miss: the cached plan's box was box, now another box");
}

TEST_CASE("cache: the default folder follows XDG_CACHE_HOME, then HOME") {
  CHECK(default_cache_dir({{"XDG_CACHE_HOME", "/x"}, {"HOME", "/h"}}) == "/x/cmake-tune/plans");
  CHECK(default_cache_dir({{"HOME", "/h"}}) == "/h/.cache/cmake-tune/plans");
  CHECK_THROWS_WITH_AS(default_cache_dir({}),
                       "cannot place the plan cache: neither XDG_CACHE_HOME nor HOME is set; set one or use --no-cache",
                       std::runtime_error);
}
