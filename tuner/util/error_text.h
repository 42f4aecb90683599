#pragma once
// What a command prints for an exception that reached its main(). The tool's own exceptions carry
// messages written for users (the thing, the value, the fix) and are printed as they are; a
// library's text is never shown: a failed file operation says which file and the system's reason,
// anything else says it is a bug in cmake-tune.
#include <exception>
#include <filesystem>
#include <string>
#include <string_view>

namespace tune::util {

std::string error_text(const std::exception& e);

// A path as error messages show it: in double quotes.
std::string quoted(const std::filesystem::path& p);

// A value a person or a file supplied (an environment variable, an option, a sidecar's string) as
// a message shows it: util::printable's escapes, at most 64 bytes and then "...". A 10,000-character
// TUNE_ONLY once made a 10,094-character line.
std::string shown(std::string_view value);

}  // namespace tune::util
