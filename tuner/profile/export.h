#pragma once
// tune-profile-export: a defaults profile from this box's sidecar (docs/profiles-and-policy.md
// "Committed defaults profiles"). It refuses a sidecar that cannot stand for the class, and says
// which refusal it is.
#include <filesystem>
#include <stdexcept>
#include <optional>
#include <string>

#include "box/identity.h"
#include "manifest/manifest.h"
#include "profile/format.h"
#include "sidecar/verdict.h"

namespace tune::profile {

enum class refusal {
  absent,         // no sidecar
  unreadable,     // not JSON / not tune-sidecar/1
  stale,          // stale_binary, foreign_box or version: it does not describe this build on this box
  incomplete,     // families without an entry, or a family the race left on its fallback for lack of budget
  noise_refused,  // the mint's noise verdict is not `ok` (e.g. `overridden`)
  other_class,    // asked for a class the sidecar's (forced) features do not place the box in
};
// "absent", "unreadable", "stale", "incomplete", "noise-refused", "other-class"
const char* to_string(refusal r);

struct export_refused : std::runtime_error {
  export_refused(refusal why, const std::string& message) : std::runtime_error(message), why(why) {}
  refusal why;
};

// The profile for scope `m` from `file` judged by `judged`. Throws export_refused, whose message
// starts "tune-profile-export refuses scope <scope>: the sidecar is <refusal>" and names the
// evidence and the command that fixes it. With `for_class` (`tune profile export --class`), the
// profile is for that class only: a sidecar minted as another class (its features, as
// TUNE_FORCE_FEATURES left them, place the box elsewhere) is refused as other_class, naming the
// features to take away; an unknown class is std::invalid_argument. `cpu` is the minting box's
// maker and model (box::this_cpu_maker: a fresh sidecar was measured on this box), recorded as
// provenance.cpu when known.
profile make_profile(const manifest& m, const sidecar::loaded& file, const sidecar::judgement& judged,
                     const std::string& tool, const std::string& for_class = "",
                     const std::optional<box::cpu_maker>& cpu = std::nullopt);

// Writes `p` to `out` atomically. Refuses (std::runtime_error) to replace a profile of another
// scope: scopes that share a DEFAULTS folder would overwrite each other's profiles.
void write_profile(const profile& p, const std::filesystem::path& out);

}  // namespace tune::profile
