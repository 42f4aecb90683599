#pragma once
// The compiler that built a program, as it wrote itself into the binary's ELF `.comment`
// section ("GCC: (Debian 12.2.0-14) 12.2.0"): re-derivable at launch without running it.
#include <filesystem>
#include <string>

namespace tune::plan {

// The section's strings joined with "; ". Throws std::runtime_error naming the file when it
// cannot be read; "none (no .comment section)" or "unknown (not an ELF file)" otherwise.
std::string compiler_of(const std::filesystem::path& binary);

}  // namespace tune::plan
