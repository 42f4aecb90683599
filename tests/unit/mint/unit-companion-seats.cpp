// Companions from the race to the stamp, on synthetic timings: the race times each companion
// against the family's seat, the bench's race table records its own seat only where it differs,
// the mint writes kernels.<companion> from it, and the stamp seats the companion there.
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "harness/result_json.h"
#include "mint/companion_seats.h"
#include "race_rig.h"
#include "sidecar/store.h"
#include "sidecar_fixture.h"
#include "stamp/seat.h"
#include "util/json_file.h"
#include "sidecar_document.h"

using nlohmann::json;
using tune::race::testing::rig;

namespace {

tune::family_decl dot_decl() {
  tune::family_decl f;
  f.name = "dot";
  f.signature = "float(const float* a, std::size_t n)";
  f.reference = "base";
  f.fallback = {"base"};
  f.rows = {{"base", "", "", {}, {}}, {"fast", "", "", {}, {}}, {"other", "", "", {}, {}}};
  f.companions = {{"layout", "int()"}, {"dot_inv", "float(const float* a, std::size_t n)"}};
  return f;
}

tune::bench::family_info dot_info() {
  tune::bench::family_info info;
  info.name = "dot";
  info.tolerance = "exact";
  info.fallback = {"base"};
  info.rows = {{"base", "", true}, {"fast", "", false}, {"other", "", false}};
  return info;
}

struct minted {
  json table;  // the bench's race table of dot
  json doc;    // the sidecar after the mint's upsert
};

// dot's rows cost 1000, 500 and 1000 ns (its seat: fast); layout has another signature; dot_inv's
// rows cost `inv` ns.
minted mint(tune::test::sidecar_fixture& f, const std::vector<double>& inv) {
  rig r;
  r.add("dot", {{"base", 1000}, {"fast", 500}, {"other", 1000}});
  r.add_untimed_companion("layout");
  r.add_companion("dot_inv", inv);
  const tune::race::mint_result m = r.run();
  REQUIRE(m.status == tune::race::mint_status::ok);
  const tune::race::family_result& result = m.families.at(0);
  REQUIRE(result.winner == "fast");

  auto typed = tune::bench::table_of(result, dot_info(), {});
  tune::bench::add_companions(typed, result, dot_info(), {{}, {}});
  const json table = typed;
  auto update = tune::test::update_for("s", f.bench("s"), {{"dot", result.winner}});
  update.race["dot"] = table;
  tune::mint::add_companion_seats(update, dot_decl(), &typed);
  tune::sidecar::upsert(f.sidecar, update);
  return {table, tune::util::read_json_file(f.sidecar)};
}

tune::stamp::seat stamped(const json& doc) {
  tune::stamp::seat_inputs in;
  const auto fresh = tune::test::sidecar_document(doc);
  in.fresh_sidecar = &fresh;
  return tune::stamp::resolve_seat(dot_decl(), in);
}

}  // namespace

TEST_CASE("a companion with a planted faster row of its own gets its entry, and the stamp seats it there") {
  tune::test::sidecar_fixture f;
  const minted m = mint(f, {1000, 1000, 250});  // dot_inv: `other` is 4x faster than dot's seat
  CHECK(m.doc["kernels"]["dot"] == "fast");
  CHECK(m.doc["kernels"]["dot_inv"] == "other");
  CHECK(m.doc["race"]["dot"]["companions"] == json{{"dot_inv", "other"}});
  const json& raced = m.doc["race"]["dot"]["companion_races"]["dot_inv"];
  CHECK(raced["fallback"] == "fast");
  CHECK(raced["verdict"] == "won");
  const auto s = stamped(m.doc);
  REQUIRE(s.companions.size() == 2);
  CHECK(s.companions[1].name == "dot_inv");
  CHECK(s.companions[1].suffix == "other");
  CHECK(s.companions[1].own_entry);
}

TEST_CASE("a companion whose best row is the family's gets no entry and follows the family") {
  tune::test::sidecar_fixture f;
  const minted m = mint(f, {1000, 500, 1000});
  CHECK_FALSE(m.doc["kernels"].contains("dot_inv"));
  CHECK(m.doc["race"]["dot"]["companions"] == json::object());
  CHECK(m.doc["race"]["dot"]["companion_races"]["dot_inv"]["winner"] == "fast");
  const auto s = stamped(m.doc);
  CHECK(s.companions[1].suffix == "fast");
  CHECK_FALSE(s.companions[1].own_entry);
}

TEST_CASE("a companion with another signature is never timed: listed, no entry, follows the family") {
  tune::test::sidecar_fixture f;
  const minted m = mint(f, {1000, 1000, 250});
  CHECK_FALSE(m.doc["kernels"].contains("layout"));
  CHECK_FALSE(m.doc["race"]["dot"]["companions"].contains("layout"));
  const json& listed = m.doc["race"]["dot"]["companion_races"]["layout"];
  CHECK(listed["winner"] == "fast");
  CHECK(listed["rows"] == json::object());
  CHECK(listed["note"] == "not timed: its signature int() is not the family's; it follows dot's seat fast");
  CHECK(stamped(m.doc).companions[0].suffix == "fast");
}

TEST_CASE("a re-mint in which the companion follows the family drops its old entry") {
  tune::test::sidecar_fixture f;
  CHECK(mint(f, {1000, 1000, 250}).doc["kernels"]["dot_inv"] == "other");
  const minted again = mint(f, {1000, 500, 1000});
  CHECK_FALSE(again.doc["kernels"].contains("dot_inv"));
}

TEST_CASE("add_companion_seats lists every companion and refuses a seat that is no row") {
  tune::sidecar::scope_update update;
  SUBCASE("a family that was not raced") {
    tune::mint::add_companion_seats(update, dot_decl(), nullptr);
    CHECK(update.companions == std::vector<std::string>{"layout", "dot_inv"});
    CHECK(update.companion_kernels.empty());
  }
  SUBCASE("a seat that is no row of the family") {
    const auto table = json{{"companions", {{"dot_inv", "unroll9"}}}}.get<tune::race::race_table>();
    CHECK_THROWS_WITH_AS(tune::mint::add_companion_seats(update, dot_decl(), &table),
                         "the bench seated companion dot_inv of family dot on 'unroll9', which is no row of the "
                         "family; rebuild the bench (cmake --build <build> --target tune)",
                         std::runtime_error);
  }
}
