// The `@tune` progress line (race/event.h): what the bench writes reads back as the same event,
// and every kind's line is the one docs/cmake-api.md (TUNE_EVENTS) shows.
#include <doctest/doctest.h>

#include "race/event.h"

using namespace tune::race;

namespace {

progress_event end_of_dot() {
  progress_event e;
  e.what = progress_event::kind::end;
  e.name = "dot";
  e.winner = "u4";
  e.verdict = verdict::won;
  e.margin_pct = 7.2;
  e.ms = 812;
  return e;
}

}  // namespace

TEST_CASE("each kind of event is written as the bench writes it") {
  progress_event plan;
  plan.scope = "s";
  plan.total = 2;
  CHECK(to_line(plan) == "plan scope=s total=2");
  progress_event begin;
  begin.what = progress_event::kind::begin;
  begin.name = "dot";
  begin.rows = 4;
  CHECK(to_line(begin) == "begin name=dot rows=4");
  progress_event step;
  step.what = progress_event::kind::step;
  step.name = "dot";
  step.phase = "screen";
  step.i = 57;
  step.of = 100;
  step.live = 4;
  CHECK(to_line(step) == "step name=dot phase=screen i=57 of=100 live=4");
  CHECK(to_line(end_of_dot()) == "end name=dot winner=u4 verdict=won margin=+7.2 ms=812");
  auto companion = end_of_dot();
  companion.name = "dot_inv";
  companion.companion_of = "dot";
  companion.verdict = verdict::holds;
  companion.margin_pct.reset();
  CHECK(to_line(companion) == "end name=dot_inv companion_of=dot winner=u4 verdict=holds ms=812");
}

TEST_CASE("an event's line reads back as the event, with or without its @tune prefix") {
  for (const std::string line :
       {"plan scope=s total=2", "begin name=dot rows=4", "step name=dot phase=final i=3 of=50 live=2",
        "end name=dot winner=u4 verdict=won margin=+7.2 ms=812",
        "end name=dot_inv companion_of=dot winner=u1 verdict=demoted ms=300"}) {
    CAPTURE(line);
    const auto e = parse_event("@tune " + line);
    REQUIRE(e);
    CHECK(to_line(*e) == line);
    REQUIRE(parse_event(line));
    CHECK(to_line(*parse_event(line)) == line);
  }
  const auto end = parse_event("@tune end name=dot winner=u4 verdict=won margin=-3.5 ms=812");
  REQUIRE(end);
  CHECK(end->verdict == verdict::won);
  CHECK(end->margin_pct == doctest::Approx(-3.5));
  CHECK_FALSE(parse_event("@tune hello name=dot"));
  CHECK_FALSE(parse_event(""));
}
