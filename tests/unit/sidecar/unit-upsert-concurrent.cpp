#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sidecar/store.h"
#include "sidecar_fixture.h"
#include "util/json_file.h"

using namespace tune;
namespace fs = std::filesystem;

namespace {

constexpr int mints = 50;

// Each mint moves this scope's only seat from row<i-1> to row<i>. Under the lock the re-read
// must see the previous mint of this process, whatever the other process wrote in between, so
// every diff names exactly that move; a lost update shows up as a wrong "before" seat.
int mint_repeatedly(const fs::path& sidecar, const std::string& scope, const fs::path& bench) {
  int wrong = 0;
  const std::string family = scope + "_kernel";
  for (int i = 0; i < mints; ++i) {
    const std::string seat = "row" + std::to_string(i);
    const auto result = sidecar::upsert(sidecar, test::update_for(scope, bench, {{family, seat}}));
    const std::string before = i == 0 ? "(none)" : "row" + std::to_string(i - 1);
    const std::string expected = "seats moved: 1\n  " + family + ": " + before + " → " + seat + "\n";
    const bool first_write_ever = i == 0 && result.diff.empty();
    if (!first_write_ever && result.diff.rfind(expected, 0) != 0) ++wrong;
  }
  return wrong;
}

}  // namespace

TEST_CASE("two processes upserting different scopes into one sidecar lose nothing") {
  test::sidecar_fixture f;
  const fs::path alpha = f.bench("alpha");
  const fs::path beta = f.bench("beta");

  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    try {
      ::_exit(std::min(mint_repeatedly(f.sidecar, "beta", beta), 100));
    } catch (...) {
      ::_exit(101);
    }
  }
  const int parent_wrong = mint_repeatedly(f.sidecar, "alpha", alpha);
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(parent_wrong == 0);

  const auto doc = util::read_json_file(f.sidecar);
  CHECK(doc["kernels"] == nlohmann::json{{"alpha_kernel", "row49"}, {"beta_kernel", "row49"}});
  CHECK(doc["scopes"].size() == 2);

  const auto archived = sidecar::list_history(test::box_a);
  CHECK(archived.size() == 2 * mints);
  CHECK(std::count_if(archived.begin(), archived.end(), [](const auto& e) { return e.scope == "alpha"; }) == mints);
}
