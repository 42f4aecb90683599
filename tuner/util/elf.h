#pragma once
// The sections and symbols of an ELF64 file, read from its section header table (<elf.h> gives
// the layout): what plan/elf_comment.h reads the compiler from, what code_sha256 hashes, and what
// row isolation (isolate/isolate.h) checks and renames.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tune::util {

struct elf_section {
  std::string name;
  std::uint32_t type = 0;   // SHT_*
  std::uint64_t flags = 0;  // SHF_*
  std::string_view bytes;   // empty for SHT_NOBITS; a view into the file's bytes
  std::uint32_t link = 0;   // sh_link: a symbol table's string table, by index
  std::uint32_t info = 0;   // sh_info: a relocation section's target section, by index
  std::size_t index = 0;    // in the section header table
  std::uint64_t size = 0;   // sh_size: for SHT_NOBITS (.bss) what it takes in memory
  std::uint64_t addralign = 0;
};

// nullopt when `bytes` is not an ELF64 file; sections whose name or contents lie outside the file
// are skipped (a truncated file yields what it holds).
std::optional<std::vector<elf_section>> elf_sections(std::string_view bytes);

// One entry of a file's symbol table (.symtab).
struct elf_symbol {
  std::string name;
  unsigned char bind = 0;     // STB_LOCAL, STB_GLOBAL, STB_WEAK, STB_GNU_UNIQUE
  unsigned char type = 0;     // STT_*
  std::uint16_t section = 0;  // st_shndx: SHN_UNDEF for a symbol the file only references
  bool defined() const { return section != 0; }
  bool global() const { return bind != 0; }  // not STB_LOCAL
};

// Every symbol of the file's SHT_SYMTAB but the null entry, in table order; nullopt when `bytes`
// is not an ELF64 file. Entries that lie outside the file are skipped.
std::optional<std::vector<elf_symbol>> elf_symbols(std::string_view bytes);

// SHA-256 over what a program computes with: the name and bytes of every section loaded into
// memory with file contents (code, read-only and writable data, unwind tables), in file order.
// Debug information, symbol tables, notes (the build ID) and the compiler's .comment are not
// loaded, so a comment-only edit of a source, or a rebuild of the same code, hashes the same.
// A file that is not ELF64 is hashed whole. Throws std::runtime_error naming the file when it
// cannot be read.
std::string code_sha256(const std::filesystem::path& file);

// SHA-256 over what a relocatable object (.o) builds into a program: the name, type, flags, size,
// alignment and bytes of every section but its debug information (.debug_*, their relocations)
// and the compiler's .comment, in file order. Unlike code_sha256 it keeps the relocations and the symbol table, because
// in an object they say what the code calls; like it, a comment-only edit hashes the same. Throws std::runtime_error
// naming the file when it cannot be read or is not ELF64.
std::string object_code_sha256(const std::filesystem::path& file);

}  // namespace tune::util
