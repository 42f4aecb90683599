#pragma once
// Profiles from many boxes in one folder (docs/profiles-and-policy.md "Profiles from a fleet"):
// `tune profile merge` places each runner's exported profile as <dir>/<class>.tune-defaults.json,
// refusing what would silently change a committed seat, and `tune profile check` checks the
// committed folder against the scope that reads it.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "manifest/manifest.h"
#include "profile/format.h"

namespace tune::profile {

// A profile that cannot join the folder. The message names the file, the class or the families,
// and the fix.
struct merge_refused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct merge_options {
  std::filesystem::path into;       // the DEFAULTS folder
  bool replace = false;             // the given profiles win over the folder's for their classes
  const manifest* scope = nullptr;  // when given, every profile must be of its scope and version
};

// Each line says what became of one input: "x86-avx2: added as <path>", "... unchanged",
// "... replaced <path> (seats of dot, gemm differ)". Nothing is written unless every input is
// accepted: a refused merge leaves the folder as it was.
std::vector<std::string> merge(const std::vector<std::filesystem::path>& inputs, const merge_options& options);

// A profile's class agrees with the features it records: the features a box had (or was forced
// to have) when it minted place it in that class. Throws merge_refused naming both.
void check_class(const profile& p);

// What is wrong with the committed profiles of scope `m` (its DEFAULTS folder): a profile of
// another scope or version, a class its recorded features contradict, a seat naming no family of
// the scope or no row of the family, a row whose requires= the class does not promise, or a seat
// raced under other THREADS than the family declares. Empty when nothing is.
std::vector<std::string> check(const manifest& m);

}  // namespace tune::profile
