#include "isolate/rename.h"

#include <elf.h>

#include <cstring>

namespace tune::isolate {

namespace {

template <typename T>
std::optional<T> read_at(std::string_view bytes, std::uint64_t at) {
  T value;
  if (at > bytes.size() || bytes.size() - at < sizeof value) return std::nullopt;
  std::memcpy(&value, bytes.data() + at, sizeof value);
  return value;
}

template <typename T>
void write_at(std::string& bytes, std::uint64_t at, const T& value) {
  std::memcpy(bytes.data() + at, &value, sizeof value);
}

}  // namespace

std::optional<std::string> renamed_copy(std::string_view object, const std::map<std::string, std::string>& renames) {
  const auto header = read_at<Elf64_Ehdr>(object, 0);
  if (!header || std::memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_ident[EI_CLASS] != ELFCLASS64 ||
      header->e_ident[EI_DATA] != ELFDATA2LSB || header->e_shentsize != sizeof(Elf64_Shdr))
    return std::nullopt;
  const auto section_at = [&](std::size_t index) { return header->e_shoff + index * sizeof(Elf64_Shdr); };
  std::optional<std::size_t> symtab;
  for (std::size_t i = 0; i < header->e_shnum; ++i) {
    const auto s = read_at<Elf64_Shdr>(object, section_at(i));
    if (!s) return std::nullopt;
    if (s->sh_type != SHT_SYMTAB) continue;
    if (symtab) return std::nullopt;
    symtab = i;
  }
  if (!symtab) return std::nullopt;
  const auto table = *read_at<Elf64_Shdr>(object, section_at(*symtab));
  if (table.sh_link >= header->e_shnum || table.sh_offset > object.size() ||
      object.size() - table.sh_offset < table.sh_size)
    return std::nullopt;
  const auto strings = *read_at<Elf64_Shdr>(object, section_at(table.sh_link));
  if (strings.sh_type != SHT_STRTAB || strings.sh_offset > object.size() ||
      object.size() - strings.sh_offset < strings.sh_size)
    return std::nullopt;
  const std::string_view names = object.substr(strings.sh_offset, strings.sh_size);

  // The old string table stays where it is, unreferenced by the symbols renamed, and keeps every
  // offset that other entries (or a section-name table sharing it) hold.
  std::string out(object);
  std::string appended(names);
  for (std::uint64_t at = sizeof(Elf64_Sym); at + sizeof(Elf64_Sym) <= table.sh_size; at += sizeof(Elf64_Sym)) {
    auto symbol = *read_at<Elf64_Sym>(object, table.sh_offset + at);
    if (symbol.st_name >= names.size()) continue;
    const auto end = names.find('\0', symbol.st_name);
    if (end == std::string_view::npos) continue;
    const auto to = renames.find(std::string(names.substr(symbol.st_name, end - symbol.st_name)));
    if (to == renames.end()) continue;
    symbol.st_name = static_cast<Elf64_Word>(appended.size());
    appended += to->second;
    appended += '\0';
    write_at(out, table.sh_offset + at, symbol);
  }
  auto moved = strings;
  moved.sh_offset = out.size();
  moved.sh_size = appended.size();
  write_at(out, section_at(table.sh_link), moved);
  out += appended;
  return out;
}

}  // namespace tune::isolate
