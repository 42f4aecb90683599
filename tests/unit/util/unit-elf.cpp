// ELF sections and the code hash (util/elf.h), on this test program itself: what a program
// computes with is hashed, its comments, notes and debug information are not.
#include <doctest/doctest.h>

#include <elf.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "test_files.h"
#include "util/atomic_file.h"
#include "util/elf.h"
#include "util/sha256.h"

using namespace tune;

namespace {

// A copy of this program with one byte of `section` flipped.
std::filesystem::path flipped(const test::temp_dir& dir, const std::string& section, const std::string& name) {
  std::string bytes = *util::read_file("/proc/self/exe");
  const auto sections = util::elf_sections(bytes);
  REQUIRE(sections.has_value());
  for (const auto& s : *sections) {
    if (s.name != section) continue;
    REQUIRE(!s.bytes.empty());
    const std::size_t at = static_cast<std::size_t>(s.bytes.data() - bytes.data()) + s.bytes.size() / 2;
    bytes[at] = static_cast<char>(bytes[at] ^ 0x5a);
    const auto out = dir.path() / name;
    util::write_file_atomic(out, bytes);
    return out;
  }
  FAIL("this program has no section " << section);
  return {};
}

}  // namespace

TEST_CASE("the sections of an ELF64 program: names, types and contents") {
  const auto bytes = *util::read_file("/proc/self/exe");
  const auto sections = util::elf_sections(bytes);
  REQUIRE(sections.has_value());
  bool text = false, comment = false;
  for (const auto& s : *sections) {
    if (s.name == ".text") text = s.type == SHT_PROGBITS && (s.flags & SHF_EXECINSTR) && !s.bytes.empty();
    if (s.name == ".comment") comment = (s.flags & SHF_ALLOC) == 0;
  }
  CHECK(text);
  CHECK(comment);
  CHECK_FALSE(util::elf_sections("not an ELF file").has_value());
  CHECK_FALSE(util::elf_sections(bytes.substr(0, 10)).has_value());
  // A truncated file yields the sections it still holds, never a read past its end.
  CHECK(util::elf_sections(bytes.substr(0, bytes.size() / 2)).has_value());
}

TEST_CASE("the code hash follows the code and data, not the comment or the file's other bytes") {
  test::temp_dir dir;
  const auto original = dir.path() / "original";
  util::write_file_atomic(original, *util::read_file("/proc/self/exe"));
  const auto code = util::code_sha256(original);
  const auto comment = flipped(dir, ".comment", "comment");
  CHECK(util::sha256_file(comment) != util::sha256_file(original));
  CHECK(util::code_sha256(comment) == code);
  CHECK(util::code_sha256(flipped(dir, ".text", "text")) != code);
  CHECK(util::code_sha256(flipped(dir, ".rodata", "rodata")) != code);
}

TEST_CASE("an object's code hash keeps its symbols and relocations, not its debug information or comment") {
  test::temp_dir dir;
  const auto original = dir.path() / "original";
  util::write_file_atomic(original, *util::read_file("/proc/self/exe"));
  const auto code = util::object_code_sha256(original);
  CHECK(util::object_code_sha256(flipped(dir, ".comment", "comment")) == code);
  const auto sections = util::elf_sections(*util::read_file("/proc/self/exe"));
  REQUIRE(sections);
  // tests/unit/util/CMakeLists.txt compiles this program with -g in every configuration.
  REQUIRE(std::any_of(sections->begin(), sections->end(), [](const auto& s) { return s.name == ".debug_info"; }));
  CHECK(util::object_code_sha256(flipped(dir, ".debug_info", "debug")) == code);
  CHECK(util::object_code_sha256(flipped(dir, ".text", "text")) != code);
  CHECK(util::object_code_sha256(flipped(dir, ".symtab", "symtab")) != code);
  const auto script = dir.path() / "bench.sh";
  util::write_file_atomic(script, "#!/bin/sh\n");
  CHECK_THROWS_WITH_AS(util::object_code_sha256(script),
                       ("cannot hash the code of " + script.string() + ": it is not an ELF64 object").c_str(),
                       std::runtime_error);
}

TEST_CASE("a file that is not ELF64 is hashed whole; a missing one is an error naming it") {
  test::temp_dir dir;
  const auto script = dir.path() / "bench.sh";
  util::write_file_atomic(script, "#!/bin/sh\n");
  CHECK(util::code_sha256(script) == util::sha256_hex("#!/bin/sh\n"));
  CHECK_THROWS_WITH_AS(util::code_sha256(dir.path() / "nope"),
                       ("cannot hash the code of " + (dir.path() / "nope").string() + ": it does not exist").c_str(),
                       std::runtime_error);
}

TEST_CASE("the symbols of an ELF64 file: names, binding, defined or referenced") {
  const auto bytes = *util::read_file("/proc/self/exe");
  const auto symbols = util::elf_symbols(bytes);
  REQUIRE(symbols.has_value());
  bool main_defined = false, file_local = false;
  for (const auto& s : *symbols) {
    if (s.name == "main") main_defined = s.defined() && s.global() && s.type == STT_FUNC;
    if (s.type == STT_FILE) file_local = !s.global();
  }
  CHECK(main_defined);
  CHECK(file_local);
  CHECK_FALSE(util::elf_symbols("not an ELF file").has_value());
  // A truncated file yields what it still holds, never a read past its end.
  CHECK(util::elf_symbols(bytes.substr(0, bytes.size() / 3)).has_value());
}
