// A bench whose registry is written by hand: families with rows that crash, exit, throw, hang,
// answer wrong or print, and fixtures that fail before fx.run. unit-supervised.cpp drives it
// through tune::bench::family_session, as `bench race` and `bench test` do.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include <tune/bench/registry.h>

#include "util/subprocess.h"

namespace {

using sig = int(int x);
using tune::bench::row_entry;

int twice(int x) { return 2 * x; }
int twice_too(int x) { return x + x; }
int crashes(int) {
  std::raise(SIGSEGV);
  return 0;
}
int exits(int) { std::exit(3); }
int throws(int) { throw std::runtime_error("a row that throws"); }
int hangs(int x) {
  for (volatile int spin = 0;; spin = spin + 1) {
  }
  return x;
}
int wrong(int x) { return 2 * x + 1; }
int wrong_later(int x) {
  static int calls = 0;
  return ++calls > 1 ? 0 : 2 * x;
}
// Writes a message of its own onto the channel the child answers the harness on (fd 3), as a row
// that scribbles over the child's state might: it reads as JSON, but is no answer.
int garbles(int x) {
  tune::util::write_channel(R"({"answer": 42})");
  return 2 * x;
}
int prints_and_aborts(int) {
  std::fprintf(stderr, "assertion failed: the tile fits\n");
  std::abort();
}

constexpr std::array<sig*, tune::bench::relocated_copies> no_copies{};

template <sig* F>
row_entry<sig> row(const char* suffix, bool reference = false) {
  return {suffix, F, {F, F, F}, "", reference, "/nonexistent/record"};
}

void calm_fixture(tune::fixture<sig>& fx) {
  int x = 21;  // captured by reference: alive for every call
  fx.run([&](auto kernel) { return kernel(x); });
}

const std::vector<row_entry<sig>>& calm_rows() {
  static const std::vector<row_entry<sig>> rows = {row<&twice>("base", true),
                                                   row<&twice_too>("copy"),
                                                   row<&crashes>("crashes"),
                                                   row<&exits>("exits"),
                                                   row<&throws>("throws"),
                                                   row<&hangs>("hangs"),
                                                   row<&wrong>("wrong"),
                                                   row<&wrong_later>("later"),
                                                   row<&prints_and_aborts>("prints"),
                                                   {"missing", nullptr, no_copies, "", false, "/nonexistent/record"},
                                                   row<&garbles>("garbles")};
  return rows;
}

std::unique_ptr<tune::bench::family_driver> make_calm() {
  return tune::bench::make_driver(&calm_fixture, {calm_rows()}, "calm");
}

void throwing_fixture(tune::fixture<sig>&) { throw std::runtime_error("no inputs for you"); }
void lazy_fixture(tune::fixture<sig>&) {}
void crashing_fixture(tune::fixture<sig>&) { std::raise(SIGSEGV); }

template <void (*Fixture)(tune::fixture<sig>&)>
std::unique_ptr<tune::bench::family_driver> make_with() {
  static const std::vector<row_entry<sig>> rows = {row<&twice>("base", true)};
  return tune::bench::make_driver(Fixture, {rows}, "broken");
}

std::vector<tune::bench::row_info> infos(const std::vector<row_entry<sig>>& rows) {
  std::vector<tune::bench::row_info> out;
  for (const auto& r : rows) out.push_back({r.suffix, r.needs, r.reference, r.entry != nullptr, r.build_record});
  return out;
}

const tune::bench::registrar calm{{"calm", "exact", {"base"}, infos(calm_rows()), &make_calm, {}, 0.5}};
const tune::bench::registrar throwing{
    {"throwing_fixture", "exact", {"base"}, {{"base", "", true, true, ""}}, &make_with<&throwing_fixture>, {}, 0.5}};
const tune::bench::registrar lazy{
    {"lazy_fixture", "exact", {"base"}, {{"base", "", true, true, ""}}, &make_with<&lazy_fixture>, {}, 0.5}};
const tune::bench::registrar crashing{
    {"crashing_fixture", "exact", {"base"}, {{"base", "", true, true, ""}}, &make_with<&crashing_fixture>, {}, 0.5}};

}  // namespace
