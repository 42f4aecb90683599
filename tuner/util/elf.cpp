#include "util/elf.h"

#include <elf.h>

#include <algorithm>
#include <cstring>

namespace tune::util {

std::optional<std::vector<elf_section>> elf_sections(std::string_view data) {
  if (data.size() < sizeof(Elf64_Ehdr) || data.compare(0, 4, ELFMAG) != 0 || data[EI_CLASS] != ELFCLASS64)
    return std::nullopt;
  Elf64_Ehdr header;
  std::memcpy(&header, data.data(), sizeof header);
  const auto section = [&](std::size_t index) -> std::optional<Elf64_Shdr> {
    Elf64_Shdr s{};
    const std::uint64_t at = header.e_shoff + index * std::uint64_t{header.e_shentsize};
    if (header.e_shentsize < sizeof s || at > data.size() || data.size() - at < sizeof s) return std::nullopt;
    std::memcpy(&s, data.data() + at, sizeof s);
    return s;
  };
  const auto within = [&](std::uint64_t offset, std::uint64_t size) {
    return offset <= data.size() && size <= data.size() - offset;
  };
  std::vector<elf_section> out;
  // The section-name table, when the header names one within the file; empty otherwise.
  std::string_view names;
  if (header.e_shstrndx < header.e_shnum)
    if (const auto table = section(header.e_shstrndx); table && within(table->sh_offset, table->sh_size))
      names = data.substr(table->sh_offset, table->sh_size);
  for (std::size_t i = 0; i < header.e_shnum; ++i) {
    const auto s = section(i);
    if (!s) continue;
    elf_section e;
    e.type = s->sh_type;
    e.flags = s->sh_flags;
    e.link = s->sh_link;
    e.info = s->sh_info;
    e.index = i;
    e.size = s->sh_size;
    e.addralign = s->sh_addralign;
    if (s->sh_name < names.size()) {
      const auto end = names.find('\0', s->sh_name);
      e.name = std::string(
          names.substr(s->sh_name, end == std::string_view::npos ? std::string_view::npos : end - s->sh_name));
    }
    if (s->sh_type != SHT_NOBITS) {
      if (!within(s->sh_offset, s->sh_size)) continue;
      e.bytes = data.substr(s->sh_offset, s->sh_size);
    }
    out.push_back(std::move(e));
  }
  return out;
}

std::optional<std::vector<elf_symbol>> elf_symbols(std::string_view data) {
  const auto sections = elf_sections(data);
  if (!sections) return std::nullopt;
  std::vector<elf_symbol> out;
  for (const auto& table : *sections) {
    if (table.type != SHT_SYMTAB) continue;
    const auto strings =
        std::find_if(sections->begin(), sections->end(), [&](const elf_section& s) { return s.index == table.link; });
    const std::string_view names = strings == sections->end() ? std::string_view() : strings->bytes;
    for (std::size_t at = sizeof(Elf64_Sym); at + sizeof(Elf64_Sym) <= table.bytes.size(); at += sizeof(Elf64_Sym)) {
      Elf64_Sym s;
      std::memcpy(&s, table.bytes.data() + at, sizeof s);
      elf_symbol e;
      if (s.st_name < names.size()) {
        const auto end = names.find('\0', s.st_name);
        e.name = std::string(
            names.substr(s.st_name, end == std::string_view::npos ? std::string_view::npos : end - s.st_name));
      }
      e.bind = ELF64_ST_BIND(s.st_info);
      e.type = ELF64_ST_TYPE(s.st_info);
      e.section = s.st_shndx;
      out.push_back(std::move(e));
    }
  }
  return out;
}

}  // namespace tune::util
