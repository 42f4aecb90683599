#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "isolate/rename.h"
#include "test_files.h"
#include "util/atomic_file.h"
#include "util/elf.h"
#include "util/subprocess.h"

// A relocated copy made in-process (isolate/rename.h) from an object the compiler CMake found
// wrote: renamed where asked, every section but the string table as it was, and a program that
// calls the new name links and runs.
namespace {

namespace fs = std::filesystem;
using tune::test::temp_dir;
using tune::test::write_text;

int run(std::vector<std::string> argv) {
  tune::util::spawn_options o;
  o.argv = std::move(argv);
  o.capture_stdout = true;
  o.capture_stderr = true;
  const auto ran = tune::util::run_process(o);
  if (ran.exit_code != 0) MESSAGE(std::string(ran.out + ran.err));
  return ran.signaled ? -1 : ran.exit_code;
}

std::string bytes_of(const fs::path& file) { return *tune::util::read_file(file, tune::util::max_binary_bytes); }

std::string section_bytes(const std::string& object, const std::string& name) {
  const auto sections = tune::util::elf_sections(object);
  for (const auto& s : *sections)
    if (s.name == name) return std::string(s.bytes);
  return "<none>";
}

}  // namespace

TEST_CASE("a renamed copy calls under its new name and keeps every other byte's meaning") {
  temp_dir dir;
  write_text(dir / "row.cpp",
             "static int helper(int x) { return x * 2; }\n"
             "int keep_me(int x) { return helper(x) + 1; }\n"
             "extern \"C\" int row__u4(int x) { return keep_me(x) + 40; }\n"
             "int row__u4_pair(int x, int y) { return row__u4(x) + y; }\n");
  REQUIRE(run({TUNE_TEST_CXX, "-O1", "-fPIC", "-c", (dir / "row.cpp").string(), "-o", (dir / "row.o").string()}) == 0);
  const auto original = bytes_of(dir / "row.o");

  const auto copy = tune::isolate::renamed_copy(
      original,
      {{"row__u4", "tune_relocated2__row__u4"}, {"_Z12row__u4_pairii", "_Z29tune_relocated2__row__u4_pairii"}});
  REQUIRE(copy);
  std::set<std::string> names;
  const auto symbols = tune::util::elf_symbols(*copy);
  REQUIRE(symbols);
  for (const auto& s : *symbols) names.insert(s.name);
  CHECK(names.count("tune_relocated2__row__u4"));
  CHECK(names.count("_Z29tune_relocated2__row__u4_pairii"));
  CHECK(names.count("_Z7keep_mei"));
  CHECK_FALSE(names.count("row__u4"));
  CHECK_FALSE(names.count("_Z12row__u4_pairii"));
  CHECK(section_bytes(*copy, ".text") == section_bytes(original, ".text"));
  CHECK(section_bytes(*copy, ".rela.text") == section_bytes(original, ".rela.text"));

  // The linker takes it: a program calls the copy by its new names (2*1+1+40 = 43, +1 = 44).
  tune::util::write_file_atomic(dir / "copy.o", *copy);
  write_text(
      dir / "main.cpp",
      "extern \"C\" int tune_relocated2__row__u4(int);\n"
      "int tune_relocated2__row__u4_pair(int, int);\n"
      "int main() { return tune_relocated2__row__u4(1) == 43 && tune_relocated2__row__u4_pair(1, 1) == 44 ? 0 : 1; "
      "}\n");
  REQUIRE(run({TUNE_TEST_CXX, (dir / "main.cpp").string(), (dir / "copy.o").string(), "-o",
               (dir / "program").string()}) == 0);
  CHECK(run({(dir / "program").string()}) == 0);
}

TEST_CASE("what is not a little-endian ELF64 object is left to objcopy") {
  CHECK_FALSE(tune::isolate::renamed_copy("", {{"a", "b"}}));
  CHECK_FALSE(tune::isolate::renamed_copy("#!/bin/sh\necho not an object\n", {{"a", "b"}}));
  temp_dir dir;
  write_text(dir / "row.c", "int row__u1(void) { return 1; }\n");
  REQUIRE(run({TUNE_TEST_CXX, "-x", "c", "-c", (dir / "row.c").string(), "-o", (dir / "row.o").string()}) == 0);
  const auto original = bytes_of(dir / "row.o");
  // Cut before its section header table: no symbol table to rename in.
  CHECK_FALSE(tune::isolate::renamed_copy(original.substr(0, original.size() / 2), {{"row__u1", "x"}}));
  auto big_endian = original;
  big_endian[5] = 2;  // EI_DATA = ELFDATA2MSB
  CHECK_FALSE(tune::isolate::renamed_copy(big_endian, {{"row__u1", "x"}}));
}
