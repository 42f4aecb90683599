#include "util/elf.h"

#include <elf.h>

#include <stdexcept>
#include <string>

#include "util/atomic_file.h"
#include "util/sha256.h"

// The hashes of util/elf.h, apart from its reading: the bench harness, which a cross build compiles
// for the target without OpenSSL (cmake/tune/TargetHarness.cmake), reads ELF files and hashes none.
namespace tune::util {

std::string code_sha256(const std::filesystem::path& file) {
  const auto bytes = read_file(file, max_binary_bytes);
  if (!bytes) throw std::runtime_error("cannot hash the code of " + file.string() + ": it does not exist");
  const auto sections = elf_sections(*bytes);
  if (!sections) return sha256_hex(*bytes);
  sha256 h;
  for (const auto& s : *sections) {
    const bool loaded = (s.flags & SHF_ALLOC) != 0;
    const bool has_contents =
        s.type == SHT_PROGBITS || s.type == SHT_INIT_ARRAY || s.type == SHT_FINI_ARRAY || s.type == SHT_PREINIT_ARRAY;
    if (!loaded || !has_contents) continue;
    h.field(s.name).field(s.bytes);
  }
  return h.hex();
}

std::string object_code_sha256(const std::filesystem::path& file) {
  const auto bytes = read_file(file, max_binary_bytes);
  if (!bytes) throw std::runtime_error("cannot hash the code of " + file.string() + ": it does not exist");
  const auto sections = elf_sections(*bytes);
  if (!sections) throw std::runtime_error("cannot hash the code of " + file.string() + ": it is not an ELF64 object");
  const auto debug = [](const std::string& name) {
    for (const char* prefix : {".debug", ".zdebug", ".rela.debug", ".rel.debug"})
      if (name.rfind(prefix, 0) == 0) return true;
    return name == ".comment";
  };
  sha256 h;
  for (const auto& s : *sections)
    if (!debug(s.name))
      h.field(s.name)
          .field(std::to_string(s.type) + " " + std::to_string(s.flags) + " " + std::to_string(s.size) + " " +
                 std::to_string(s.addralign))
          .field(s.bytes);
  return h.hex();
}

}  // namespace tune::util
