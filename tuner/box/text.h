#pragma once
// Small string helpers shared by the box parsers (requires=, TUNE_FORCE_FEATURES, /proc files)
// and the mint's TUNE_ONLY.
#include <string>
#include <string_view>
#include <vector>

namespace tune::box::text {

std::string trim(std::string_view s);

// Trims and turns every run of whitespace into one space: brand strings pad with spaces.
std::string collapse_spaces(std::string_view s);

// Splits on `sep`, keeping empty pieces so callers can reject them.
std::vector<std::string> split(std::string_view s, char sep);

std::string join(const std::vector<std::string>& parts, std::string_view sep);

}  // namespace tune::box::text
