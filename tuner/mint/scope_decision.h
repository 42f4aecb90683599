#pragma once
// What the build of one scope does, decided from facts alone: no file, clock or process is touched
// here, so every policy × verdict × target × release combination is a unit test
// (tests/unit/mint/unit-scope-decision.cpp). mint/build_step.cpp gathers the facts, carries out
// the action and prints its messages.
#include "mint/policy.h"
#include "sidecar/verdict.h"

namespace tune::mint {

enum class mint_mode {
  when_needed,  // the stamp step of every build: mint only when the policy says so
  always,       // the `tune` / `tune-<scope>` targets: race every family now
};

struct scope_facts {
  mint_mode mode = mint_mode::when_needed;
  policy pol = policy::automatic;
  bool release = false;  // TUNE_RELEASE
  bool this_box = true;  // false under TUNE_TARGET_CLASS: nothing may be measured
  sidecar::verdict verdict = sidecar::verdict::absent;
  bool sidecar_has_guesses = false;          // a fresh sidecar the release rules reject (mint/release.h)
  bool profiles_cover_every_family = false;  // along the target's ladder, for the target's features
};

enum class scope_action {
  refuse_tune_other_class,     // a `tune` target in a TUNE_TARGET_CLASS build: fails
  refuse_release_other_class,  // a release under auto for another class: fails
  race_every_family,           // the `tune` targets
  race_release_guesses,        // release under auto: the fresh sidecar holds guesses
  race_release_unmeasured,     // release under auto: the sidecar is not fresh
  race_residue,                // auto: what the profiles leave
  fail_untuned,                // error: fails, naming the verdict
  warn_untuned,                // warn: says so, then stamps profile seats and fallbacks
  stamp,                       // stamp from what there is, silently
};
const char* to_string(scope_action a);

constexpr bool races(scope_action a) {
  return a == scope_action::race_every_family || a == scope_action::race_release_guesses ||
         a == scope_action::race_release_unmeasured || a == scope_action::race_residue;
}
constexpr bool fails(scope_action a) {
  return a == scope_action::refuse_tune_other_class || a == scope_action::refuse_release_other_class ||
         a == scope_action::fail_untuned;
}

scope_action decide_scope(const scope_facts& facts);

// After a mint the action asked for: whether the build fails and whether its stamp step runs
// again next build.
struct mint_facts {
  bool wrote = false;          // the mint wrote the sidecar
  bool family_errors = false;  // it did, and some family failed (a fixture, every row)
  bool fresh_after = false;    // the sidecar it left is fresh
  bool guesses_after = false;  // ... and still holds guesses (release rules, full measurement)
};
struct mint_consequence {
  bool build_fails = false;
  bool retry_next_build = false;         // the stamp step stays undone
  bool release_without_winners = false;  // say: a release never ships guesses
  bool release_left_guesses = false;     // say: raise the BUDGET or build on a quieter box
};
mint_consequence settle_mint(const scope_facts& facts, const mint_facts& mint);

}  // namespace tune::mint
