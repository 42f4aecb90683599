#include "isolate/large_data.h"

#include <elf.h>

#include <cstring>
#include <set>

#include "util/elf.h"

namespace tune::isolate {

namespace {

bool zero_data(const util::elf_section& s) {
  return s.type == SHT_NOBITS && (s.flags & SHF_ALLOC) && !(s.flags & SHF_TLS) &&
         (s.name == ".bss" || s.name.rfind(".bss.", 0) == 0);
}

bool sixty_four_bit(std::uint32_t type) {
  return type == R_X86_64_64 || type == R_X86_64_GOTOFF64 || type == R_X86_64_PC64;
}

}  // namespace

std::vector<std::string> far_reachable_bss(std::string_view object) {
  Elf64_Ehdr header;
  if (object.size() < sizeof header) return {};
  std::memcpy(&header, object.data(), sizeof header);
  const auto sections = util::elf_sections(object);
  if (!sections || header.e_machine != EM_X86_64 || header.e_type != ET_REL || object[EI_DATA] != ELFDATA2LSB)
    return {};
  std::set<std::size_t> bss;
  std::vector<std::string> names;
  for (const auto& s : *sections)
    if (zero_data(s)) {
      bss.insert(s.index);
      names.push_back(s.name);
    }
  if (bss.empty()) return {};
  // Every symbol's section, by symbol table index (entry 0 is the null symbol).
  std::vector<std::uint16_t> symbol_section;
  for (const auto& table : *sections) {
    if (table.type != SHT_SYMTAB) continue;
    for (std::size_t at = 0; at + sizeof(Elf64_Sym) <= table.bytes.size(); at += sizeof(Elf64_Sym)) {
      Elf64_Sym s;
      std::memcpy(&s, table.bytes.data() + at, sizeof s);
      symbol_section.push_back(s.st_shndx);
    }
  }
  for (const auto& table : *sections) {
    if (table.type == SHT_REL) return {};  // x86-64 writes RELA; anything else is not judged
    if (table.type != SHT_RELA) continue;
    for (std::size_t at = 0; at + sizeof(Elf64_Rela) <= table.bytes.size(); at += sizeof(Elf64_Rela)) {
      Elf64_Rela r;
      std::memcpy(&r, table.bytes.data() + at, sizeof r);
      const auto symbol = ELF64_R_SYM(r.r_info);
      if (symbol >= symbol_section.size()) return {};
      if (bss.count(symbol_section[symbol]) && !sixty_four_bit(ELF64_R_TYPE(r.r_info))) return {};
    }
  }
  return names;
}

}  // namespace tune::isolate
