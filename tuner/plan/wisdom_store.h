#pragma once
// FFTW wisdom as a separate artifact addressed by its content hash, stored beside the plan as
// fftw-wisdom/<sha256>.wisdom so several plans can share one file and none can be swapped.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "plan/identity.h"
#include "plan/plan_file.h"

namespace tune::plan {

// Writes the wisdom (atomically; an existing file of the same hash is the same content).
wisdom_reference store_wisdom(const std::filesystem::path& plan_path, const std::string& content,
                              std::vector<std::string> plans);

// Where the plan's wisdom lives.
std::filesystem::path wisdom_path(const std::filesystem::path& plan_path, const wisdom_reference& ref);

// The wisdom file as a launch sees it: a change when it is missing or its content differs.
std::optional<identity_change> check_wisdom(const std::filesystem::path& plan_path, const wisdom_reference& ref);

}  // namespace tune::plan
