#include "isolate/large_data.h"

#include <elf.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "util/atomic_file.h"
#include "util/elf.h"

namespace tune::isolate {

namespace {

// The x86-64 psABI's flag of a large section, which <elf.h> does not define.
constexpr std::uint64_t shf_x86_64_large = 0x10000000;

bool named(const std::string& name, std::string_view prefix) {
  return name == prefix ||
         (name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0 && name[prefix.size()] == '.');
}

// Data a large model may place anywhere: not code, not thread-local, and not relocated read-only
// data (.data.rel.ro*), which the loader protects after relocating it.
bool movable_data(const util::elf_section& s) {
  if (!(s.flags & SHF_ALLOC) || (s.flags & (SHF_TLS | SHF_EXECINSTR)) || s.size <= large_data_threshold) return false;
  if (s.type == SHT_NOBITS) return named(s.name, ".bss");
  if (s.type != SHT_PROGBITS) return false;
  if (s.flags & SHF_WRITE) return named(s.name, ".data") && !named(s.name, ".data.rel.ro");
  return named(s.name, ".rodata");
}

bool sixty_four_bit(std::uint32_t type) {
  return type == R_X86_64_64 || type == R_X86_64_GOTOFF64 || type == R_X86_64_PC64;
}

}  // namespace

std::vector<std::string> far_reachable_data(std::string_view object) {
  Elf64_Ehdr header;
  if (object.size() < sizeof header) return {};
  std::memcpy(&header, object.data(), sizeof header);
  const auto sections = util::elf_sections(object);
  if (!sections || header.e_machine != EM_X86_64 || header.e_type != ET_REL || object[EI_DATA] != ELFDATA2LSB)
    return {};
  std::map<std::size_t, std::string> movable;  // section index → name
  for (const auto& s : *sections)
    if (movable_data(s)) movable.emplace(s.index, s.name);
  // Every symbol table's symbols' sections, by table and symbol index (entry 0 is the null symbol).
  std::map<std::size_t, std::vector<std::uint16_t>> symbol_section;
  for (const auto& table : *sections) {
    if (table.type != SHT_SYMTAB) continue;
    auto& of = symbol_section[table.index];
    for (std::size_t at = 0; at + sizeof(Elf64_Sym) <= table.bytes.size(); at += sizeof(Elf64_Sym)) {
      Elf64_Sym s;
      std::memcpy(&s, table.bytes.data() + at, sizeof s);
      of.push_back(s.st_shndx);
    }
  }
  for (const auto& table : *sections) {
    if (table.type == SHT_REL) return {};  // x86-64 writes RELA; anything else is not judged
    if (table.type != SHT_RELA) continue;
    const auto symbols = symbol_section.find(table.link);
    if (symbols == symbol_section.end()) return {};
    for (std::size_t at = 0; at + sizeof(Elf64_Rela) <= table.bytes.size(); at += sizeof(Elf64_Rela)) {
      Elf64_Rela r;
      std::memcpy(&r, table.bytes.data() + at, sizeof r);
      const auto symbol = ELF64_R_SYM(r.r_info);
      if (symbol >= symbols->second.size()) return {};
      if (sixty_four_bit(ELF64_R_TYPE(r.r_info))) continue;
      // Neither what a 32-bit field reaches, nor where the field sits (a jump table's offsets to
      // code, R_X86_64_PC32 in .rodata), may move past 2 GiB.
      movable.erase(symbols->second[symbol]);
      movable.erase(table.info);
    }
  }
  std::vector<std::string> names;
  for (const auto& [index, name] : movable) names.push_back(name);
  return names;
}

std::string large_name(std::string_view small) { return ".l" + std::string(small.substr(1)); }

void mark_large(const std::filesystem::path& object, const std::vector<std::string>& names) {
  if (names.empty()) return;
  const auto bytes = util::read_file(object, util::max_binary_bytes);
  if (!bytes) throw std::runtime_error(fmt::format("cannot read {}", object.string()));
  const auto sections = util::elf_sections(*bytes);
  if (!sections) throw std::runtime_error(fmt::format("{} is not an ELF64 object", object.string()));
  Elf64_Ehdr header;
  std::memcpy(&header, bytes->data(), sizeof header);
  std::string out = *bytes;
  const std::set<std::string> wanted(names.begin(), names.end());
  for (const auto& s : *sections) {
    if (!wanted.count(s.name)) continue;
    const std::uint64_t at =
        header.e_shoff + s.index * std::uint64_t{header.e_shentsize} + offsetof(Elf64_Shdr, sh_flags);
    const std::uint64_t flags = s.flags | shf_x86_64_large;
    std::memcpy(out.data() + at, &flags, sizeof flags);
  }
  util::write_file_atomic(object, out);
}

}  // namespace tune::isolate
