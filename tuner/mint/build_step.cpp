#include "mint/build_step.h"

#include <cstdio>

#include <fmt/format.h>

#include "box/classes.h"
#include "mint/policy.h"
#include "mint/progress.h"
#include "mint/race_scope.h"
#include "sidecar/verdict.h"
#include "stamp/write.h"

namespace tune::mint {

namespace {

sidecar::judgement judge_scope(const manifest& m, const sidecar::loaded& file, const box::box_info& box) {
  return sidecar::judge(file, {m.scope, m.version, m.bench, m.family_names(), box.identity});
}

std::string tune_command(const manifest& m) {
  return fmt::format("cmake --build {} --target tune-{}", m.build_dir.string(), m.scope);
}

// One scope: verdict, policy, maybe a mint, then the stamp. Returns false when the build must fail.
bool build_scope(const manifest& m, mint_mode mode, const box::box_info& box, progress& show) {
  const auto path = sidecar_path(m);
  auto file = sidecar::load(path);
  auto verdict = judge_scope(m, file, box);
  const auto pol = effective_policy(m);
  bool ok = true;

  // TUNE_TARGET_CLASS: a build for another class never measures, and judges rows by that class.
  stamp::seat_inputs inputs;
  inputs.features = m.target_class.empty() ? box.features : box::class_features(m.target_class);
  const bool may_measure = m.target_class.empty();

  const bool race_now = mode == mint_mode::always ||
                        (verdict.v != sidecar::verdict::fresh && pol.value == policy::automatic && may_measure);
  if (mode == mint_mode::always && !may_measure) {
    std::fprintf(stderr, "cmake-tune: TUNE_TARGET_CLASS=%s: this build is for another CPU class and measures nothing; "
                 "configure without TUNE_TARGET_CLASS to tune this box.\n", m.target_class.c_str());
    return false;
  }
  if (race_now) {
    const auto outcome = race_scope(m, box, file.doc ? &*file.doc : nullptr, show);
    if (!outcome.wrote()) {
      std::fprintf(stderr, "cmake-tune: the mint of scope %s wrote nothing: %s\n", m.scope.c_str(), outcome.reason.c_str());
      ok = mode != mint_mode::always;  // a build under auto goes on with fallbacks; an asked-for mint failed
    } else if (outcome.status == mint_outcome::family_errors) {
      std::fprintf(stderr, "cmake-tune: scope %s: %s\n", m.scope.c_str(), outcome.reason.c_str());
      ok = false;
    }
    file = sidecar::load(path);
    verdict = judge_scope(m, file, box);
  } else if (verdict.v != sidecar::verdict::fresh && pol.value != policy::reference) {
    const std::string text = fmt::format("cmake-tune: scope {} is not tuned for this box: {} Stamping fallbacks. "
                                         "To tune it: {}", m.scope, verdict.message, tune_command(m));
    if (pol.value == policy::warn) {
      std::fprintf(stderr, "%s\n", ("warning: " + text).c_str());
    } else if (pol.value == policy::error) {
      std::fprintf(stderr, "%s\n", ("error: " + text + " (TUNE_POLICY=error)").c_str());
      return false;
    }
  }
  if (verdict.v != sidecar::verdict::fresh && sidecar_from_environment())
    std::fprintf(stderr, "warning: cmake-tune: TUNE_MANIFEST=%s reads %s for scope %s (%s); this build stamps "
                 "fallbacks, not measured winners.\n", path.c_str(), sidecar::to_string(verdict.v), m.scope.c_str(),
                 verdict.message.c_str());

  inputs.force_reference = pol.value == policy::reference;
  if (verdict.v == sidecar::verdict::fresh) inputs.fresh_sidecar = &*file.doc;
  else inputs.sidecar_reason = verdict.message;
  stamp::stamp_scope(m, inputs, sidecar::to_string(verdict.v), verdict.message, to_string(pol.value),
                     {path, m.file});
  return ok;
}

}  // namespace

int mint_command(const std::vector<std::filesystem::path>& manifests, mint_mode mode) {
  const auto box = box::this_box();
  progress show;
  bool ok = true;
  for (const auto& file : manifests) ok = build_scope(load_manifest(file), mode, box, show) && ok;
  return ok ? 0 : 1;
}

}  // namespace tune::mint
