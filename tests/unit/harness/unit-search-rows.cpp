// A searched family's tables (tune/bench/registry.h table_of, rows_of): the registry's rows, then
// the rows the search built in the order of the family's own table, every function's table alike.
#include <doctest/doctest.h>

#include <cstring>

#include <tune/bench/registry.h>

namespace {

int family_ref(int x) { return x; }
int family_a(int x) { return x + 1; }
int family_b(int x) { return x + 2; }
int companion_ref(int x) { return -x; }
int companion_a(int x) { return -x - 1; }
int companion_b(int x) { return -x - 2; }

const void* address_of(int (*f)(int)) {
  const void* p = nullptr;
  std::memcpy(&p, &f, sizeof p);
  return p;
}

tune::bench::search_row row(const char* suffix, int (*f)(int)) {
  return {suffix, address_of(f), {address_of(f), address_of(f), address_of(f)}, "", "/rows/x"};
}

const tune::bench::row_entry<int(int)> family_rows[] = {{"ref", &family_ref, {{}}, "", true, "/rows/ref"}};
const tune::bench::row_entry<int(int)> companion_rows[] = {{"ref", &companion_ref, {{}}, "", true, "/rows/ref"}};

}  // namespace

TEST_CASE("search rows: every table of a family lists the rows of the family's table, at the same indices") {
  const tune::bench::search_row family_built[] = {row("a", &family_a), row("b", &family_b)};
  const tune::bench::search_rows family_found{2, family_built};
  const auto rows = tune::bench::rows_of(family_rows, &family_found);
  REQUIRE(rows.size() == 3);
  CHECK(std::string(rows[2].suffix) == "b");
  const auto family = tune::bench::table_of(family_rows, &family_found, &family_found);
  REQUIRE(family.size() == 3);
  CHECK((family[1].entry == &family_a));
  CHECK((family[2].relocated[2] == &family_b));

  SUBCASE("a companion's table in another order is matched by suffix") {
    const tune::bench::search_row built[] = {row("b", &companion_b), row("a", &companion_a)};
    const tune::bench::search_rows found{2, built};
    const auto companion = tune::bench::table_of(companion_rows, &found, &family_found);
    REQUIRE(companion.size() == rows.size());
    CHECK((companion[1].entry == &companion_a));
    CHECK((companion[2].entry == &companion_b));
  }
  SUBCASE("a companion added after the search has null entries where the search built rows") {
    const auto companion = tune::bench::table_of(companion_rows, nullptr, &family_found);
    REQUIRE(companion.size() == rows.size());
    CHECK((companion[0].entry == &companion_ref));
    CHECK((companion[1].entry == nullptr));
    CHECK(std::string(companion[2].suffix) == "b");
  }
  SUBCASE("no search yet: the registry's rows alone") {
    CHECK(tune::bench::table_of(family_rows, nullptr, nullptr).size() == 1);
    CHECK(tune::bench::rows_of(family_rows, nullptr).size() == 1);
  }
}
