// What the build of one scope does (mint/scope_decision.h), as a table over every mode, policy,
// verdict, target and release setting, and what a mint's outcome makes of the build.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "mint/scope_decision.h"

using namespace tune::mint;
using tune::sidecar::verdict;

namespace {

const std::vector<verdict> not_fresh = {verdict::absent,      verdict::unreadable, verdict::stale_binary,
                                        verdict::foreign_box, verdict::version,    verdict::missing};
const std::vector<policy> every_policy = {policy::automatic, policy::warn, policy::error, policy::fallback,
                                          policy::reference};

// One row: the facts but the verdict's word (fresh, or every other verdict in turn), and the action.
struct row {
  mint_mode mode;
  bool release;
  policy pol;
  bool this_box;
  bool fresh;
  bool guesses;
  bool covered;
  scope_action want;
};

constexpr auto W = mint_mode::when_needed;
constexpr auto A = mint_mode::always;
constexpr auto AUTO = policy::automatic, WARN = policy::warn, ERR = policy::error, FALL = policy::fallback,
               REF = policy::reference;
constexpr bool HERE = true, OTHER = false, FRESH = true, STALE = false, COVERED = true, OPEN = false;
using act = scope_action;

// The stamp step of an ordinary build. `guesses` only matters to releases.
const std::vector<row> build_rows = {
    // auto: a fresh sidecar or the profiles stamp; what they leave is raced here, never for another class.
    {W, false, AUTO, HERE, FRESH, false, OPEN, act::stamp},
    {W, false, AUTO, HERE, FRESH, false, COVERED, act::stamp},
    {W, false, AUTO, HERE, STALE, false, OPEN, act::race_residue},
    {W, false, AUTO, HERE, STALE, false, COVERED, act::stamp},
    {W, false, AUTO, OTHER, FRESH, false, OPEN, act::stamp},
    {W, false, AUTO, OTHER, FRESH, false, COVERED, act::stamp},
    {W, false, AUTO, OTHER, STALE, false, OPEN, act::stamp},
    {W, false, AUTO, OTHER, STALE, false, COVERED, act::stamp},
    // warn and error: what neither a sidecar measured here nor the profiles cover is reported.
    {W, false, WARN, HERE, FRESH, false, OPEN, act::stamp},
    {W, false, WARN, HERE, FRESH, false, COVERED, act::stamp},
    {W, false, WARN, HERE, STALE, false, OPEN, act::warn_untuned},
    {W, false, WARN, HERE, STALE, false, COVERED, act::stamp},
    {W, false, WARN, OTHER, FRESH, false, OPEN, act::warn_untuned},
    {W, false, WARN, OTHER, FRESH, false, COVERED, act::stamp},
    {W, false, WARN, OTHER, STALE, false, OPEN, act::warn_untuned},
    {W, false, WARN, OTHER, STALE, false, COVERED, act::stamp},
    {W, false, ERR, HERE, FRESH, false, OPEN, act::stamp},
    {W, false, ERR, HERE, FRESH, false, COVERED, act::stamp},
    {W, false, ERR, HERE, STALE, false, OPEN, act::fail_untuned},
    {W, false, ERR, HERE, STALE, false, COVERED, act::stamp},
    {W, false, ERR, OTHER, FRESH, false, OPEN, act::fail_untuned},
    {W, false, ERR, OTHER, FRESH, false, COVERED, act::stamp},
    {W, false, ERR, OTHER, STALE, false, OPEN, act::fail_untuned},
    {W, false, ERR, OTHER, STALE, false, COVERED, act::stamp},
    // fallback (the kill switch) and reference never measure and never fail.
    {W, false, FALL, HERE, FRESH, false, OPEN, act::stamp},
    {W, false, FALL, HERE, STALE, false, OPEN, act::stamp},
    {W, false, FALL, OTHER, FRESH, false, OPEN, act::stamp},
    {W, false, FALL, OTHER, STALE, false, OPEN, act::stamp},
    {W, false, REF, HERE, FRESH, false, OPEN, act::stamp},
    {W, false, REF, HERE, STALE, false, OPEN, act::stamp},
    {W, false, REF, OTHER, FRESH, false, OPEN, act::stamp},
    {W, false, REF, OTHER, STALE, false, OPEN, act::stamp},
    // A release under auto stamps only a fresh sidecar without guesses; profiles do not count.
    {W, true, AUTO, HERE, FRESH, false, OPEN, act::stamp},
    {W, true, AUTO, HERE, FRESH, true, OPEN, act::race_release_guesses},
    {W, true, AUTO, HERE, FRESH, true, COVERED, act::race_release_guesses},
    {W, true, AUTO, HERE, STALE, false, OPEN, act::race_release_unmeasured},
    {W, true, AUTO, HERE, STALE, false, COVERED, act::race_release_unmeasured},
    {W, true, AUTO, OTHER, FRESH, false, COVERED, act::refuse_release_other_class},
    {W, true, AUTO, OTHER, STALE, false, OPEN, act::refuse_release_other_class},
    // An explicit other policy suspends the release rules.
    {W, true, WARN, HERE, STALE, false, OPEN, act::warn_untuned},
    {W, true, WARN, HERE, FRESH, true, OPEN, act::stamp},
    {W, true, ERR, HERE, STALE, false, OPEN, act::fail_untuned},
    {W, true, ERR, OTHER, FRESH, false, COVERED, act::stamp},
    {W, true, FALL, HERE, STALE, false, OPEN, act::stamp},
    {W, true, FALL, OTHER, STALE, false, OPEN, act::stamp},
    {W, true, REF, HERE, STALE, false, OPEN, act::stamp},
};

std::string describe(const row& r, verdict v) {
  return std::string(r.mode == A ? "tune target" : "build") + (r.release ? ", release" : "") +
         ", TUNE_POLICY=" + to_string(r.pol) + ", " + (r.this_box ? "this box" : "another class") + ", " +
         tune::sidecar::to_string(v) + (r.guesses ? " with guesses" : "") +
         (r.covered ? ", profiles cover all" : ", profiles leave some");
}

void check_row(const row& r) {
  for (const auto v : r.fresh ? std::vector<verdict>{verdict::fresh} : not_fresh) {
    scope_facts f;
    f.mode = r.mode;
    f.pol = r.pol;
    f.release = r.release;
    f.this_box = r.this_box;
    f.verdict = v;
    f.sidecar_has_guesses = r.guesses;
    f.profiles_cover_every_family = r.covered;
    INFO(describe(r, v));
    CHECK(std::string(to_string(decide_scope(f))) == to_string(r.want));
  }
}

}  // namespace

TEST_CASE("the stamp step's action over every policy, verdict, target and release setting") {
  for (const auto& r : build_rows) check_row(r);
}

TEST_CASE("the tune targets race every family on this box under every policy and verdict, and refuse another class") {
  for (const auto pol : every_policy)
    for (const bool release : {false, true})
      for (const bool fresh : {true, false})
        for (const bool covered : {false, true}) {
          check_row({A, release, pol, HERE, fresh, false, covered, act::race_every_family});
          check_row({A, release, pol, OTHER, fresh, false, covered, act::refuse_tune_other_class});
        }
}

TEST_CASE("only refusals and error fail the build; only race actions race") {
  for (const auto a : {act::refuse_tune_other_class, act::refuse_release_other_class, act::fail_untuned}) {
    CHECK(fails(a));
    CHECK_FALSE(races(a));
  }
  for (const auto a :
       {act::race_every_family, act::race_release_guesses, act::race_release_unmeasured, act::race_residue}) {
    CHECK(races(a));
    CHECK_FALSE(fails(a));
  }
  CHECK_FALSE(fails(act::warn_untuned));
  CHECK_FALSE(races(act::stamp));
}

TEST_CASE("a mint that wrote nothing: the stamp step retries next build, the tune targets and releases fail") {
  scope_facts f;
  const mint_facts nothing{};
  auto c = settle_mint(f, nothing);
  CHECK_FALSE(c.build_fails);
  CHECK(c.retry_next_build);
  CHECK_FALSE(c.release_without_winners);

  f.release = true;
  c = settle_mint(f, nothing);
  CHECK(c.build_fails);
  CHECK(c.retry_next_build);
  CHECK(c.release_without_winners);

  for (const bool release : {false, true}) {
    f.mode = A;
    f.release = release;
    c = settle_mint(f, nothing);
    CHECK(c.build_fails);
    CHECK_FALSE(c.retry_next_build);
    CHECK_FALSE(c.release_without_winners);
  }
}

TEST_CASE("a mint whose families failed fails the build in every mode") {
  for (const auto mode : {W, A})
    for (const bool release : {false, true}) {
      scope_facts f;
      f.mode = mode;
      f.release = release;
      const auto c = settle_mint(f, {true, true, false, false});
      CHECK(c.build_fails);
      CHECK_FALSE(c.retry_next_build);
      CHECK_FALSE(c.release_left_guesses);
    }
}

TEST_CASE("a release build fails when its own mint leaves guesses, and only then") {
  scope_facts f;
  f.release = true;
  auto c = settle_mint(f, {true, false, true, true});
  CHECK(c.build_fails);
  CHECK(c.release_left_guesses);

  CHECK_FALSE(settle_mint(f, {true, false, true, false}).build_fails);
  CHECK_FALSE(settle_mint(f, {true, false, false, true}).build_fails);  // not fresh: the stamp says why
  f.release = false;
  CHECK_FALSE(settle_mint(f, {true, false, true, true}).build_fails);
  f.release = true;
  f.mode = A;
  CHECK_FALSE(settle_mint(f, {true, false, true, true}).build_fails);
}
