#include "mint/build_step.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "box/classes.h"
#include "box/maker.h"
#include "mint/bench_call.h"
#include "mint/cross.h"
#include "mint/generator_trigger.h"
#include "mint/incremental.h"
#include "mint/machine.h"
#include "mint/policy.h"
#include "mint/progress.h"
#include "mint/race_scope.h"
#include "mint/release.h"
#include "mint/scope_decision.h"
#include "mint/summary.h"
#include "profile/adoption.h"
#include "profile/ladder.h"
#include "sidecar/format.h"
#include "sidecar/verdict.h"
#include "stamp/describe_rows.h"
#include "stamp/dispatch.h"
#include "stamp/write.h"
#include "util/error_text.h"

namespace tune::mint {

sidecar::judgement judge_scope(const manifest& m, const sidecar::loaded& file, const box::box_info& box) {
  if (!box.emulated.empty())
    return {sidecar::verdict::emulated,
            fmt::format("emulated: {}, where a timing measures the emulator: nothing is measured, and the stamp takes "
                        "profile seats and fallbacks for {} (the tune target checks every row)",
                        box.emulated, stamped_class(m, box))};
  if (m.target.how == target_machine::run::emulator)
    return {
        sidecar::verdict::emulated,
        fmt::format("emulated: this build is for {} and runs its bench under {}, where a timing measures the "
                    "emulator: nothing is measured, and the stamp takes profile seats and fallbacks for {} (the "
                    "tune target checks every row there)",
                    m.target.arch, m.target.launcher.empty() ? std::string("an emulator") : m.target.launcher.front(),
                    stamped_class(m))};
  return sidecar::judge(file, {m.scope, m.version, m.bench, m.family_names(), box.identity, box::join(box.features)});
}

namespace {

void print_error(const std::string& text) { std::fprintf(stderr, "%s\n", text.c_str()); }

// The families the profiles leave to measure, and why: "sgemm (no profile ...); dot (...)".
std::string residue_text(const profile::coverage& c) {
  std::vector<std::string> parts;
  for (const auto& family : c.residue) parts.push_back(fmt::format("{} ({})", family, c.why.at(family)));
  return fmt::format("{}", fmt::join(parts, "; "));
}

race_plan residue_plan(const profile::coverage& c, std::string why) {
  race_plan plan;
  plan.families = c.residue;
  plan.why = std::move(why);
  // A profile seat this box races instead is a choice the line must explain.
  std::vector<std::string> declined;
  for (const auto& family : c.declined) declined.push_back(fmt::format("{} ({})", family, c.why.at(family)));
  if (!declined.empty()) plan.why += fmt::format("; not adopted from profiles: {}", fmt::join(declined, "; "));
  for (const auto& [family, seat] : c.covered) plan.adopted[family] = {seat.suffix, seat.cls};
  return plan;
}

// What the build of one scope is for: this box, or another class (TUNE_TARGET_CLASS, or the
// target of a cross build: manifest.h stamped_class), whose features judge every seat and whose
// ladder the profiles are read along.
struct build_target {
  std::string cls;
  box::feature_set features;
  bool may_measure = true;
  std::optional<int> cpus;  // the allocation's, against which profile seats' pools are judged; none for another class
};

build_target target_of(const manifest& m, const box::box_info& box) {
  const std::string cls = stamped_class(m, box);
  if (cls.empty()) return {box.cls, box.features, true, box.cpus};
  return {cls, box::class_features(cls), false, std::nullopt};
}

// The message of an action that fails the build or warns, or "" for one that says nothing.
std::string action_message(scope_action action, const manifest& m, const sidecar::judgement& verdict,
                           const build_target& target, const profile::coverage& coverage) {
  const std::string why = target.may_measure ? verdict.message
                                             : fmt::format("no profile for {} covers {}.",
                                                           other_target_text(m, target.cls), residue_text(coverage));
  switch (action) {
    case scope_action::refuse_tune_other_class:
      return fmt::format(
          "cmake-tune: TUNE_TARGET_CLASS={}: this build is for another CPU class and measures "
          "nothing; configure without TUNE_TARGET_CLASS to tune this box.",
          m.target_class);
    case scope_action::refuse_release_other_class:
      return fmt::format(
          "error: cmake-tune: release build (TUNE_RELEASE=ON) of scope {} for {}: "
          "a release stamps only winners measured on the box it is built on, and a build for "
          "another class measures nothing. Configure with -DTUNE_RELEASE=OFF to ship profile "
          "seats for {}.",
          m.scope, other_target_text(m, target.cls), target.cls);
    case scope_action::fail_untuned:
      return fmt::format(
          "error: cmake-tune: scope {} is not tuned for this box: {} TUNE_POLICY=error fails "
          "the build. To tune it: {}",
          m.scope, why, tune::tune_command(m));
    case scope_action::warn_untuned:
      return fmt::format(
          "warning: cmake-tune: scope {} is not tuned for this box: {} TUNE_POLICY=warn stamps "
          "profile seats and fallbacks instead. To tune it: {}",
          m.scope, why, tune::tune_command(m));
    default:
      return "";
  }
}

// The families `only` selects, raced; the others kept from a fresh sidecar, else left unmeasured.
race_plan selected_race(const manifest& m, const family_selection& only, const sidecar::judgement& verdict) {
  race_plan plan;
  plan.why = fmt::format("{} selects them", only.text());
  for (const auto& family : m.families) {
    if (only.selects(family.name))
      plan.families.push_back(family.name);
    else if (verdict.v == sidecar::verdict::fresh) {
      plan.kept.push_back(family.name);
      plan.why_kept[family.name] = fmt::format("not selected by {}", only.text());
    } else
      plan.unmeasured.push_back(family.name);
  }
  // Printed while tuning: the verdict without its advice to build the tune target.
  if (!plan.unmeasured.empty()) plan.why_unmeasured = stamp::verdict_without_advice(verdict.message);
  return plan;
}

// An incremental re-mint (mint/incremental.h) of `plan`, against the sidecar as `file` holds it.
// With `only_new` (`tune mint --only-new`), the families it races race only their new rows.
void keep_unchanged(race_plan& plan, const manifest& m, const sidecar::loaded& file, const box::box_info& box, bool all,
                    std::string cause, bool only_new = false) {
  remint_basis basis;
  sidecar::expectation want{m.scope, m.version, m.bench, m.family_names(), box.identity, box::join(box.features)};
  want.check_bench = false;
  basis.beside_bench = sidecar::judge(file, want);
  basis.compiler = m.compiler;
  basis.tool = sidecar::tool_name();
  basis.all = all;
  const sidecar::document* doc = file.doc ? &*file.doc : nullptr;
  mint::keep_unchanged(plan, m, doc, basis, fixture_code, std::move(cause));
  if (only_new) race_only_new(plan, m, doc, basis, fixture_code);
}

// What an action that races races, and why.
race_plan plan_of(scope_action action, const manifest& m, const sidecar::loaded& file,
                  const sidecar::judgement& verdict, const profile::coverage& coverage, const family_selection& only,
                  const box::box_info& box, bool all, bool only_new) {
  switch (action) {
    case scope_action::race_every_family: {
      if (only.active()) return selected_race(m, only, verdict);
      auto plan = full_race(m, "the tune target races every family");
      keep_unchanged(plan, m, file, box, all, "", only_new);
      return plan;
    }
    // A release keeps a family only as a race measured it here: a guess (a fallback the BUDGET
    // left, an adopted seat) has no race that measured its code, so it is raced.
    case scope_action::race_release_guesses: {
      auto plan = full_race(m,
                            "a release build (TUNE_RELEASE=ON) stamps only winners measured here, and the fresh "
                            "sidecar has guesses: " +
                                fmt::format("{}", fmt::join(release_gaps(m, *file.doc, m.quick), "; ")));
      keep_unchanged(plan, m, file, box, all, plan.why);
      return plan;
    }
    case scope_action::race_release_unmeasured: {
      auto plan = full_race(m, "a release build (TUNE_RELEASE=ON) stamps only winners measured here: " +
                                   stamp::verdict_without_advice(verdict.message));
      keep_unchanged(plan, m, file, box, all, plan.why);
      return plan;
    }
    default: {
      auto plan = residue_plan(coverage, stamp::verdict_without_advice(verdict.message));
      keep_unchanged(plan, m, file, box, false, plan.why);
      return plan;
    }
  }
}

// What a scope's build step knows about it before it decides: the sidecar and its verdict, the
// policy, the target box and the profiles that cover it.
struct scope_state {
  manifest m;
  std::filesystem::path path;  // the sidecar
  sidecar::loaded file;
  sidecar::judgement verdict;
  policy_choice pol;
  build_target target;
  profile::ladder_profiles ladder;
  profile::coverage coverage;
};

// What a mint changed for the rest of the step.
struct mint_result {
  bool ok = true;
  bool retry_next_build = false;
  bool minted = false;
};

// Races the plan, reloads what the mint wrote, and settles whether the build fails: a release
// that has no measured winners, or kept guesses, fails naming the scope.
mint_result mint_and_settle(scope_state& s, const scope_facts& facts, const race_plan& plan, const box::box_info& box,
                            progress& show) {
  mint_result result;
  const auto outcome = race_scope(s.m, box, s.file.doc ? &*s.file.doc : nullptr, show, plan);
  result.minted = outcome.wrote();
  // A search built rows the manifest as loaded knew nothing of (manifest.h not_visited): the stamp
  // reads their records again.
  if (std::any_of(s.m.families.begin(), s.m.families.end(), [](const family_decl& f) { return f.search.has_value(); }))
    s.m = load_manifest(s.m.file);
  if (!outcome.wrote())
    std::fprintf(stderr, "cmake-tune: the mint of scope %s wrote nothing: %s\n", s.m.scope.c_str(),
                 outcome.reason.c_str());
  else if (outcome.status == mint_outcome::family_errors)
    std::fprintf(stderr, "cmake-tune: scope %s: %s\n", s.m.scope.c_str(), outcome.reason.c_str());
  s.file = sidecar::load(s.path);
  s.verdict = judge_scope(s.m, s.file, box);
  mint_facts after;
  after.wrote = outcome.wrote();
  after.family_errors = outcome.status == mint_outcome::family_errors;
  after.fresh_after = s.verdict.v == sidecar::verdict::fresh;
  const auto gaps =
      s.m.release && after.fresh_after ? release_gaps(s.m, *s.file.doc, false) : std::vector<std::string>{};
  after.guesses_after = !gaps.empty();
  const auto settled = settle_mint(facts, after);
  if (settled.release_without_winners)
    print_error(
        fmt::format("error: cmake-tune: release build (TUNE_RELEASE=ON): scope {} has no measured "
                    "winners, and a release never ships guesses. Fix the cause above and build again.",
                    s.m.scope));
  if (settled.release_left_guesses)
    print_error(
        fmt::format("error: cmake-tune: release build (TUNE_RELEASE=ON): the mint of scope {} left "
                    "guesses: {}. Raise the scope's BUDGET or build again on a quieter machine.",
                    s.m.scope, fmt::join(gaps, "; ")));
  result.ok = !settled.build_fails;
  result.retry_next_build = settled.retry_next_build;
  return result;
}

// Runs the scope's action before the stamp: a mint when it races (or a note when there is nothing
// to race), nothing otherwise.
mint_result run_action(scope_state& s, scope_action action, const scope_facts& facts, const race_plan& plan,
                       const family_selection& only, const box::box_info& box, progress& show) {
  mint_result result;
  if (!races(action)) return result;
  if (only.active() && plan.families.empty()) {
    show.note(
        fmt::format("cmake-tune: scope {}: {} selects none of its families; nothing raced", s.m.scope, only.text()));
  } else if (plan.families.empty() && plan.adopted.empty() && s.verdict.v == sidecar::verdict::fresh) {
    // Nothing to race, nothing to record: the sidecar stays as it is.
    show.note(fmt::format("cmake-tune: scope {}: nothing raced: {}; {}", s.m.scope, plan.why, all_hint));
    result.minted = true;  // for the summary: each family kept, and why
  } else if (const auto foreign = plan.families.empty() ? foreign_bench(s.m) : std::nullopt) {
    // A mint that races nothing runs no bench, yet records the hash of the file at its path.
    print_error(fmt::format("error: cmake-tune: scope {}: {}", s.m.scope, *foreign));
    result.ok = false;
  } else {
    result = mint_and_settle(s, facts, plan, box, show);
  }
  return result;
}

// Stamps the scope from its sidecar (when fresh and measured on this class), its profiles and
// fallbacks, recording every file the stamp read.
stamp::scope_stamp stamp(const scope_state& s, const box::box_info& box) {
  stamp::seat_inputs inputs;
  inputs.features = s.target.features;
  inputs.force_reference = s.pol.value == policy::reference;
  inputs.profiles = &s.ladder.usable;
  inputs.profile_notes = s.ladder.notes;
  inputs.rungs = &s.ladder.rungs;
  if (!s.target.may_measure)
    inputs.sidecar_reason = fmt::format("{}: winners measured on this box say nothing about that class",
                                        other_target_text(s.m, s.target.cls));
  else if (s.verdict.v == sidecar::verdict::fresh)
    inputs.fresh_sidecar = &*s.file.doc;
  else
    inputs.sidecar_reason = s.verdict.message;
  // A DISPATCH binary carries the seats of every class's profile, not only this box's ladder.
  std::optional<profile::ladder_profiles> every_class;
  const std::string arch = s.m.target.arch.empty() ? box.arch : s.m.target.arch;
  if (arch == "x86_64" || arch == "aarch64") {
    every_class = profile::load_ladder(s.m.defaults, stamp::dispatch_classes(arch), s.m.scope, s.m.version);
    inputs.dispatch_profiles = &every_class->usable;
    inputs.dispatch_arch = arch;
  }
  std::vector<std::filesystem::path> read = {s.path, s.m.file};
  read.insert(read.end(), s.ladder.files_read.begin(), s.ladder.files_read.end());
  if (every_class) read.insert(read.end(), every_class->files_read.begin(), every_class->files_read.end());
  // The folder itself, so a profile committed later re-stamps (a folder's mtime moves when a file is added).
  if (!s.m.defaults.empty()) read.push_back(s.m.defaults);
  return stamp::stamp_scope(s.m, inputs, s.verdict.v, s.verdict.message, to_string(s.pol.value), read);
}

// Quotes the sidecar to the scope's GENERATOR triggers (mint/generator_trigger.h), except under
// TUNE_MANIFEST, whose sidecar is not the tree's. A trigger that cannot be written fails the step
// and leaves it undone, so the next build writes it again.
bool quote_for_generators(const scope_state& s) {
  if (sidecar_from_environment()) return true;
  try {
    write_generator_triggers(s.m, s.file);
    return true;
  } catch (const std::exception& e) {
    print_error(fmt::format("error: cmake-tune: scope {}: {}", s.m.scope, e.what()));
    std::filesystem::remove(s.m.state_dir / "stamp.done");
    return false;
  }
}

// Says when a seat adopted without a race comes from a profile minted on another maker's CPU:
// the class promises the features, not the same timings.
void note_other_makers(const scope_state& s, const race_plan& plan, const std::optional<box::cpu_maker>& here,
                       progress& show) {
  if (plan.adopted.empty()) return;
  std::set<std::string> said;
  for (const auto& [family, seat] : plan.adopted)
    for (const auto& p : s.ladder.usable)
      if (p.cls == seat.second && said.insert(p.cls).second)
        if (const auto note = profile::other_maker_note(p, here))
          show.note(
              fmt::format("cmake-tune: scope {}: {}; its seats are adopted here without a race", s.m.scope, *note));
}

// One scope: verdict, policy, maybe a mint, then the stamp. Returns false when the build must fail.
bool build_scope(manifest m, mint_mode mode, const box::box_info& here, progress& show, const family_selection& only,
                 bool all, bool only_new) {
  scope_state s;
  s.m = std::move(m);
  const box::box_info box = machine_of(s.m, here);
  s.path = sidecar_path(s.m);
  s.file = sidecar::load(s.path);
  s.verdict = judge_scope(s.m, s.file, box);
  s.pol = effective_policy(s.m);
  s.target = target_of(s.m, box);
  s.ladder = profile::load_ladder(s.m.defaults, box::ladder(s.target.cls), s.m.scope, s.m.version);
  s.coverage = profile::cover(s.m, s.ladder.usable, s.target.features, s.target.cpus);

  scope_facts facts;
  facts.mode = mode;
  // A cross build's `tune` target races nothing (mint/cross.h), then stamps as any build does.
  if (mode == mint_mode::always && s.m.target_class.empty() &&
      (s.m.target.how == target_machine::run::emulator || s.m.target.how == target_machine::run::none ||
       !box.emulated.empty())) {
    if (!tune_without_timing(s.m, box)) return false;
    facts.mode = mint_mode::when_needed;
  }
  facts.pol = s.pol.value;
  facts.release = s.m.release;
  facts.this_box = s.target.may_measure;
  facts.verdict = s.verdict.v;
  facts.sidecar_has_guesses =
      s.m.release && s.verdict.v == sidecar::verdict::fresh && !release_gaps(s.m, *s.file.doc, s.m.quick).empty();
  facts.profiles_cover_every_family = s.coverage.complete();
  auto action = decide_scope(facts);
  // A release of a cross build cannot measure here, and a cross build links its target's profile
  // seats and fallbacks (docs/cmake-api.md "Cross-compiling"): it says so instead of failing, as a
  // build for another class chosen with TUNE_TARGET_CLASS does.
  if (action == scope_action::refuse_release_other_class && s.m.target_class.empty() &&
      (s.m.target.cross || !box.emulated.empty())) {
    print_error(fmt::format(
        "warning: cmake-tune: release build (TUNE_RELEASE=ON) of scope {} for {}: nothing is measured on this build "
        "host, so it ships profile seats and fallbacks for {}; tune on the target itself to ship measured winners.",
        s.m.scope, other_target_text(s.m, s.target.cls), s.target.cls));
    action = scope_action::stamp;
  }
  if (const auto text = action_message(action, s.m, s.verdict, s.target, s.coverage); !text.empty()) print_error(text);
  if (fails(action)) return false;

  const race_plan plan =
      races(action) ? plan_of(action, s.m, s.file, s.verdict, s.coverage, only, box, all, only_new) : race_plan{};
  note_other_makers(s, plan, box.maker, show);
  const mint_result minted = run_action(s, action, facts, plan, only, box, show);
  if (s.verdict.v != sidecar::verdict::fresh && sidecar_from_environment())
    std::fprintf(stderr,
                 "warning: cmake-tune: TUNE_MANIFEST=%s reads %s for scope %s (%s); this build stamps "
                 "fallbacks, not measured winners.\n",
                 s.path.c_str(), sidecar::to_string(s.verdict.v), s.m.scope.c_str(), s.verdict.message.c_str());

  const auto stamped = stamp(s, box);
  const bool quoted = quote_for_generators(s);
  if (minted.minted) show.note(summary_lines(stamped, s.file.doc ? &*s.file.doc : nullptr, plan.why_kept));
  if (minted.minted && !plan.unmeasured.empty())
    show.note(fmt::format(
        "cmake-tune: scope {} is incomplete ({} not measured), so the stamp takes no seat from its sidecar: each "
        "family runs its profile seat or fallback until a mint measures the rest (`tune mint` without --only)",
        s.m.scope, fmt::join(plan.unmeasured, ", ")));
  if (const auto problems = problem_lines(s.m.scope, stamped); !problems.empty()) std::fputs(problems.c_str(), stderr);
  // A mint that wrote nothing (noise, interrupt) leaves the step undone, so the next build tries again.
  // So does an explicit mint (the `tune` targets): it ran outside the build graph, whose record of
  // what the stamp step reads (the depfile, read only when the graph runs the step) predates it and
  // may lack the sidecar this mint created; re-running the step once records it, so a later edit
  // of the sidecar re-stamps.
  if (minted.retry_next_build || mode == mint_mode::always) std::filesystem::remove(s.m.state_dir / "stamp.done");
  return minted.ok && quoted;
}

}  // namespace

int mint_command(const std::vector<std::filesystem::path>& manifests, mint_mode mode, const family_selection& only,
                 bool all, bool only_new) {
  const auto box = box::this_box();
  std::vector<manifest> scopes;
  for (const auto& file : manifests) scopes.push_back(load_manifest(file));
  const family_selection selection = mode == mint_mode::always ? only : family_selection{};
  if (selection.active()) {
    // A token that selects nothing is a typo: say so before anything is raced.
    std::vector<std::string> families;
    for (const auto& m : scopes)  // once each: a multi-config tree lists a scope per configuration
      for (const auto& name : m.family_names())
        if (std::find(families.begin(), families.end(), name) == families.end()) families.push_back(name);
    if (const auto none = unmatched(selection, families); !none.empty()) {
      print_error(fmt::format("error: cmake-tune: {}: {} select{} no family; the families are: {}", selection.text(),
                              util::shown(fmt::format("{}", fmt::join(none, ", "))), none.size() == 1 ? "s" : "",
                              fmt::join(families, ", ")));
      return 1;
    }
  }
  progress show;
  bool ok = true;
  const bool always = mode == mint_mode::always;
  for (const auto& m : scopes) ok = build_scope(m, mode, box, show, selection, all && always, only_new && always) && ok;
  return ok ? 0 : 1;
}

}  // namespace tune::mint
