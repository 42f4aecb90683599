#include "mint/scope_decision.h"

namespace tune::mint {

const char* to_string(scope_action a) {
  switch (a) {
    case scope_action::refuse_tune_other_class:
      return "refuse_tune_other_class";
    case scope_action::refuse_release_other_class:
      return "refuse_release_other_class";
    case scope_action::race_every_family:
      return "race_every_family";
    case scope_action::race_release_guesses:
      return "race_release_guesses";
    case scope_action::race_release_unmeasured:
      return "race_release_unmeasured";
    case scope_action::race_residue:
      return "race_residue";
    case scope_action::fail_untuned:
      return "fail_untuned";
    case scope_action::warn_untuned:
      return "warn_untuned";
    case scope_action::stamp:
      return "stamp";
  }
  return "?";
}

scope_action decide_scope(const scope_facts& f) {
  const bool fresh = f.verdict == sidecar::verdict::fresh;
  // The `tune` targets race everything, but only on the box the build is for.
  if (f.mode == mint_mode::always)
    return f.this_box ? scope_action::race_every_family : scope_action::refuse_tune_other_class;
  // Release builds under `auto` stamp only a fresh, complete, locally measured sidecar. An explicit
  // other policy suspends these rules: fallback stays the kill switch, warn and error keep their
  // meaning.
  if (f.release && f.pol == policy::automatic) {
    if (!f.this_box) return scope_action::refuse_release_other_class;
    if (!fresh) return scope_action::race_release_unmeasured;
    return f.sidecar_has_guesses ? scope_action::race_release_guesses : scope_action::stamp;
  }
  // Otherwise a fresh sidecar measured here stamps; so does anything the profiles cover, and
  // `reference` and `fallback` never ask for more.
  if ((fresh && f.this_box) || f.pol == policy::reference || f.profiles_cover_every_family) return scope_action::stamp;
  switch (f.pol) {
    case policy::automatic:
      return f.this_box ? scope_action::race_residue : scope_action::stamp;
    case policy::error:
      return scope_action::fail_untuned;
    case policy::warn:
      return scope_action::warn_untuned;
    case policy::fallback:
    case policy::reference:
      break;
  }
  return scope_action::stamp;
}

mint_consequence settle_mint(const scope_facts& f, const mint_facts& m) {
  mint_consequence out;
  const bool build_step = f.mode == mint_mode::when_needed;
  if (!m.wrote) {
    // Noise or an interrupt: a build under auto goes on with profiles and fallbacks and tries
    // again next build; the `tune` targets and releases fail.
    out.retry_next_build = build_step;
    out.release_without_winners = f.release && build_step;
    out.build_fails = !build_step || f.release;
    return out;
  }
  if (m.family_errors) {
    out.build_fails = true;
    return out;
  }
  // A release re-checks with every family measured in full: a guess left now fails the build.
  out.release_left_guesses = f.release && build_step && m.fresh_after && m.guesses_after;
  out.build_fails = out.release_left_guesses;
  return out;
}

}  // namespace tune::mint
