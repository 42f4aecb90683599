#include "plan/elf_comment.h"

#include <set>
#include <stdexcept>

#include "util/atomic_file.h"
#include "util/elf.h"

namespace tune::plan {

std::string compiler_of(const std::filesystem::path& binary) {
  const auto bytes = util::read_file(binary, util::max_binary_bytes);
  if (!bytes) throw std::runtime_error("cannot read the program " + binary.string() + ": it does not exist");
  const auto sections = util::elf_sections(*bytes);
  if (!sections) return "unknown (not an ELF64 file)";
  for (const auto& s : *sections) {
    if (s.name != ".comment") continue;
    // Several objects repeat the same compiler string; keep each once, in order.
    std::string joined;
    std::set<std::string> seen;
    const std::string content(s.bytes);
    for (std::size_t start = 0; start < content.size();) {
      const std::size_t end = std::min(content.find('\0', start), content.size());
      const std::string entry = content.substr(start, end - start);
      if (!entry.empty() && seen.insert(entry).second) joined += (joined.empty() ? "" : "; ") + entry;
      start = end + 1;
    }
    return joined.empty() ? "none (empty .comment section)" : joined;
  }
  return "none (no .comment section)";
}

}  // namespace tune::plan
