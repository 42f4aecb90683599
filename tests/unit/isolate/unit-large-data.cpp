#include <doctest/doctest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "isolate/large_data.h"
#include "test_files.h"
#include "util/atomic_file.h"
#include "util/elf.h"
#include "util/subprocess.h"

// Which zero-initialized sections of a row may move to .lbss (isolate/large_data.h), judged on
// objects the compiler CMake found wrote in the small and the large code model, and the proof that
// moving them is what lets a program with more than 2 GiB of them link and run.
namespace large_data_test {

namespace fs = std::filesystem;

int run_tool(std::vector<std::string> argv, std::string* said = nullptr) {
  tune::util::spawn_options o;
  o.argv = std::move(argv);
  o.capture_stdout = true;
  o.capture_stderr = true;
  const auto ran = tune::util::run_process(o);
  if (said) *said = ran.out + ran.err;
  return ran.signaled ? -1 : ran.exit_code;
}

// Two 1.2 GiB zero-initialized buffers and a small table, each reached from the row's code.
const char* const row_source =
    "static char first[1200u << 20];\n"
    "static char second[1200u << 20];\n"
    "static int table[16];\n"
    "extern \"C\" int row__big(int i) {\n"
    "  first[i] += 1; second[i] += 2; table[i & 15] += 3;\n"
    "  return first[i] + second[i] + table[i & 15];\n"
    "}\n";

std::string read(const fs::path& file) { return *tune::util::read_file(file, tune::util::max_binary_bytes); }

std::string compiled_row(const fs::path& dir, const std::string& name, std::vector<std::string> flags,
                         const char* source = row_source) {
  tune::test::write_text(dir / (name + ".cpp"), source);
  std::vector<std::string> argv{TUNE_TEST_CXX,        "-O1", "-fPIC", "-c", (dir / (name + ".cpp")).string(), "-o",
                                (dir / name).string()};
  argv.insert(argv.end(), flags.begin(), flags.end());
  REQUIRE(run_tool(argv) == 0);
  return read(dir / name);
}

// The flags of the object's section `name`; nullopt when it has none.
std::optional<std::uint64_t> flags_of(const std::string& object, const std::string& name) {
  const auto sections = tune::util::elf_sections(object);
  for (const auto& s : *sections)
    if (s.name == name) return s.flags;
  return std::nullopt;
}

// A compiler that already puts large-model statics in .lbss (Clang 17 and later) leaves nothing to
// judge here.
bool bss_in_large_model(const std::string& object) {
  if (flags_of(object, ".bss")) return true;
  MESSAGE("this compiler puts large-model statics in .lbss itself; nothing to move");
  return false;
}

}  // namespace large_data_test

TEST_CASE("a .bss any code reaches with a 32-bit displacement stays where it is") {
  tune::test::temp_dir dir;
  CHECK(tune::isolate::far_reachable_bss(large_data_test::compiled_row(dir.path(), "small.o", {"-mcmodel=small"}))
            .empty());
}

TEST_CASE("a .bss only 64-bit offsets reach may move, each section judged on its own") {
  tune::test::temp_dir dir;
  const auto large = large_data_test::compiled_row(dir.path(), "large.o", {"-mcmodel=large"});
  if (!large_data_test::bss_in_large_model(large)) return;
  CHECK(tune::isolate::far_reachable_bss(large) == std::vector<std::string>{".bss"});
  // One object of a large-model source and a small-model one, every static in a section of its
  // own: only the large-model source's may move.
  large_data_test::compiled_row(dir.path(), "far.o", {"-mcmodel=large", "-fdata-sections"});
  large_data_test::compiled_row(
      dir.path(), "near.o", {"-mcmodel=small", "-fdata-sections"},
      "static int nearby[64];\nextern \"C\" int row__near(int i) { return ++nearby[i & 63]; }\n");
  REQUIRE(large_data_test::run_tool(
              {"ld", "-r", "-o", (dir / "both.o").string(), (dir / "far.o").string(), (dir / "near.o").string()}) == 0);
  const auto moved = tune::isolate::far_reachable_bss(large_data_test::read(dir / "both.o"));
  int far = 0;
  for (const auto& name : moved) {
    CHECK(name.find("nearby") == std::string::npos);
    far += name.find("first") != std::string::npos || name.find("second") != std::string::npos ||
           name.find("table") != std::string::npos;
  }
  CHECK(far == 3);
}

TEST_CASE("what is not an x86-64 relocatable object has nothing to move") {
  CHECK(tune::isolate::far_reachable_bss("").empty());
  CHECK(tune::isolate::far_reachable_bss("\x7f"
                                         "ELF and then nothing an object holds")
            .empty());
  CHECK(tune::isolate::far_reachable_bss(std::string(64, '\0')).empty());
}

TEST_CASE("moved to .lbss and marked large, 2.4 GiB of a row's statics link beside small-model code and run") {
  tune::test::temp_dir dir;
  const auto large = large_data_test::compiled_row(dir.path(), "large.o", {"-mcmodel=large"});
  if (!large_data_test::bss_in_large_model(large)) return;
  tune::test::write_text(dir / "main.cpp",
                         "extern \"C\" int row__big(int);\n"
                         "static int counted[8];\n"
                         "int main(int argc, char**) { counted[argc] = 1; return row__big(5) == 6 && counted[1] ? 0 : "
                         "1; }\n");
  REQUIRE(large_data_test::run_tool(
              {TUNE_TEST_CXX, "-O1", "-c", (dir / "main.cpp").string(), "-o", (dir / "main.o").string()}) == 0);
  // As it was compiled, the row's .bss (linked first, as the bench links rows before what follows
  // them) lies between the program's code and the program's own small data.
  std::string said;
  CHECK(large_data_test::run_tool(
            {TUNE_TEST_CXX, (dir / "large.o").string(), (dir / "main.o").string(), "-o", (dir / "as-is").string()},
            &said) != 0);
  CHECK(said.find("relocation truncated to fit") != std::string::npos);
  REQUIRE(large_data_test::run_tool(
              {"objcopy", "--rename-section=.bss=.lbss", (dir / "large.o").string(), (dir / "moved.o").string()}) == 0);
  tune::isolate::mark_large(dir / "moved.o", {".lbss"});
  const auto flags = large_data_test::flags_of(large_data_test::read(dir / "moved.o"), ".lbss");
  REQUIRE(flags);
  CHECK((*flags & 0x10000000) != 0);  // SHF_X86_64_LARGE
  REQUIRE(large_data_test::run_tool({TUNE_TEST_CXX, (dir / "moved.o").string(), (dir / "main.o").string(), "-o",
                                     (dir / "program").string()}) == 0);
  CHECK(large_data_test::run_tool({(dir / "program").string()}) == 0);
}
