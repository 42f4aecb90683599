#include "plan/elf_comment.h"

#include <elf.h>

#include <cstring>
#include <set>
#include <stdexcept>

#include "util/atomic_file.h"

namespace tune::plan {

std::string compiler_of(const std::filesystem::path& binary) {
  const auto bytes = util::read_file(binary);
  if (!bytes) throw std::runtime_error("cannot read the program " + binary.string() + ": it does not exist");
  const std::string& data = *bytes;
  if (data.size() < sizeof(Elf64_Ehdr) || data.compare(0, 4, ELFMAG) != 0 || data[EI_CLASS] != ELFCLASS64) {
    return "unknown (not an ELF64 file)";
  }
  Elf64_Ehdr header;
  std::memcpy(&header, data.data(), sizeof header);
  const auto section = [&](std::size_t index) {
    Elf64_Shdr s{};
    const std::size_t at = header.e_shoff + index * header.e_shentsize;
    if (at + sizeof s <= data.size()) std::memcpy(&s, data.data() + at, sizeof s);
    return s;
  };
  if (header.e_shstrndx >= header.e_shnum) return "none (no section names)";
  const Elf64_Shdr names = section(header.e_shstrndx);
  for (std::size_t i = 0; i < header.e_shnum; ++i) {
    const Elf64_Shdr s = section(i);
    const std::size_t name_at = names.sh_offset + s.sh_name;
    if (name_at >= data.size() || std::strncmp(data.data() + name_at, ".comment", 9) != 0) continue;
    if (s.sh_offset + s.sh_size > data.size()) return "none (truncated .comment section)";
    // Several objects repeat the same compiler string; keep each once, in order.
    std::string joined;
    std::set<std::string> seen;
    const std::string content = data.substr(s.sh_offset, s.sh_size);
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
