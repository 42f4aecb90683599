#pragma once
// The `tune-profile/1` format (docs/profiles-and-policy.md "Committed defaults profiles"): one
// scope's winners for one CPU class, committed with the project as
// <DEFAULTS>/<class>.tune-defaults.json. It carries no box identity, race tables or runtime
// plans — those belong to the box that measured them.
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "box/features.h"
#include "box/maker.h"

namespace tune::profile {

inline constexpr const char* format_name = "tune-profile/1";

struct profile {
  std::filesystem::path file;  // where it was read from (empty when built in memory)
  std::string scope;
  std::string cls;                             // "x86-avx2"
  int version = 1;                             // the scope's VERSION it was minted for
  std::map<std::string, std::string> kernels;  // family -> suffix, or "reference"
  // family -> the THREADS its seat was raced with, 0 for `all`; absent in profiles exported before
  // THREADS, whose seats are adopted as they always were (profile/adoption.h).
  std::map<std::string, int> threads;
  // family raced with THREADS all -> the CPUs of the allocation it raced on: the seat belongs to
  // boxes with as many (profile/adoption.h).
  std::map<std::string, int> cpus;
  box::feature_set features;  // provenance.features: what the minting box had
  nlohmann::json provenance = nlohmann::json::object();
};

// When `p` was minted on a CPU of another maker than `here` (its provenance.cpu), the note a box
// adopting it is given: "minted on AuthenticAMD family 25 model 17, this box is GenuineIntel family
// 6 model 143"; nullopt for the same maker, or when either is unknown.
std::optional<std::string> other_maker_note(const profile& p, const std::optional<box::cpu_maker>& here);

// "<dir>/<class>.tune-defaults.json".
std::filesystem::path profile_path(const std::filesystem::path& defaults_dir, const std::string& cls);

// Throws std::runtime_error naming `file` and the first member that departs from the format,
// e.g. "profile /p/x86-avx2.tune-defaults.json: kernels.dot is a number, expected a suffix string".
profile from_json(const nlohmann::json& doc, const std::filesystem::path& file);

// The document as written: format, scope, class, version, kernels, threads, cpus (when a family
// was raced with THREADS all), provenance, in that order.
nlohmann::ordered_json to_json(const profile& p);

// Reads and checks one profile file; throws std::runtime_error naming the file when it is not
// JSON or not this format. An absent file is an error here: callers that walk a ladder check
// existence first.
profile read_profile(const std::filesystem::path& file);

}  // namespace tune::profile
