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

// Which data sections of a row may move to the large sections (isolate/large_data.h), judged on
// objects the compiler CMake found wrote in the small and the large code model, and the proof that
// moving them is what lets a program with more than 2 GiB of them link and run, its initialized
// tables beyond them.
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

// Two 1.2 GiB zero-initialized buffers, a small table, and 128 KiB tables of initialized data, one
// written and one read-only, each reached from the row's code.
const char* const row_source =
    "static char first[1200u << 20];\n"
    "static char second[1200u << 20];\n"
    "static int table[16];\n"
    "static int weights[32768] = {1, 2, 3};\n"
    "static const int offsets[32768] = {4, 5, 6};\n"
    "extern \"C\" int row__big(int i) {\n"
    "  first[i] += 1; second[i] += 2; table[i & 15] += 3; weights[i] += offsets[i % 3];\n"
    "  return first[i] + second[i] + table[i & 15] + weights[i];\n"
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

// A compiler that already puts large-model statics in .lbss and .ldata (GCC, Clang 17 and later)
// leaves nothing to judge here.
bool small_sections_in_large_model(const std::string& object) {
  if (flags_of(object, ".bss") && flags_of(object, ".data")) return true;
  MESSAGE("this compiler puts large-model statics in large sections itself; nothing to move");
  return false;
}

// `names` holds one name with `part` in it.
bool holds(const std::vector<std::string>& names, const std::string& part) {
  int found = 0;
  for (const auto& name : names) found += name.find(part) != std::string::npos;
  return found == 1;
}

}  // namespace large_data_test

TEST_CASE("data any code reaches with a 32-bit displacement stays where it is") {
  tune::test::temp_dir dir;
  CHECK(tune::isolate::far_reachable_data(large_data_test::compiled_row(dir.path(), "small.o", {"-mcmodel=small"}))
            .empty());
}

TEST_CASE("data only 64-bit offsets reach may move, each section judged on its own") {
  tune::test::temp_dir dir;
  const auto large = large_data_test::compiled_row(dir.path(), "large.o", {"-mcmodel=large"});
  if (!large_data_test::small_sections_in_large_model(large)) return;
  const auto whole = tune::isolate::far_reachable_data(large);
  CHECK(large_data_test::holds(whole, ".bss"));
  CHECK(large_data_test::holds(whole, ".data"));
  CHECK(large_data_test::holds(whole, ".rodata"));
  // One object of a large-model source and a small-model one, every static in a section of its
  // own: only the large-model source's may move, and of it only what is past the threshold.
  large_data_test::compiled_row(dir.path(), "far.o", {"-mcmodel=large", "-fdata-sections"});
  large_data_test::compiled_row(
      dir.path(), "near.o", {"-mcmodel=small", "-fdata-sections"},
      "static int nearby[64];\nextern \"C\" int row__near(int i) { return ++nearby[i & 63]; }\n");
  REQUIRE(large_data_test::run_tool(
              {"ld", "-r", "-o", (dir / "both.o").string(), (dir / "far.o").string(), (dir / "near.o").string()}) == 0);
  const auto moved = tune::isolate::far_reachable_data(large_data_test::read(dir / "both.o"));
  CHECK(moved.size() == 4);
  for (const char* name : {"first", "second", "weights", "offsets"}) CHECK(large_data_test::holds(moved, name));
}

TEST_CASE("data that holds a 32-bit displacement to code stays where it is, though only 64-bit offsets reach it") {
  // A jump table's entries are 32-bit offsets to the code (R_X86_64_PC32 sitting in .rodata):
  // moved past 2 GiB, they could no longer reach it. Written in assembly, so every compiler's
  // choice of where to put its jump tables is beside the point.
  tune::test::temp_dir dir;
  const auto assembled = [&](const std::string& name, const char* entry) {
    tune::test::write_text(dir.path() / (name + ".s"),
                           std::string("  .text\n  .globl row__jump\nrow__jump:\n  movabs $table, %rax\n  ret\n"
                                       "  .section .rodata\ntable:\n") +
                               entry + "  .zero 70000\n");
    REQUIRE(large_data_test::run_tool({TUNE_TEST_CXX, "-c", (dir.path() / (name + ".s")).string(), "-o",
                                       (dir.path() / (name + ".o")).string()}) == 0);
    return large_data_test::read(dir.path() / (name + ".o"));
  };
  CHECK(tune::isolate::far_reachable_data(assembled("table", "  .long row__jump - .\n")).empty());
  // The same 70,004 bytes without the entry: only the 64-bit offset reaches them, and they may move.
  CHECK(tune::isolate::far_reachable_data(assembled("plain", "  .long 0\n")) == std::vector<std::string>{".rodata"});
}

TEST_CASE("a large section's name") {
  CHECK(tune::isolate::large_name(".bss") == ".lbss");
  CHECK(tune::isolate::large_name(".bss._ZL5first") == ".lbss._ZL5first");
  CHECK(tune::isolate::large_name(".data") == ".ldata");
  CHECK(tune::isolate::large_name(".rodata.cst32") == ".lrodata.cst32");
}

TEST_CASE("what is not an x86-64 relocatable object has nothing to move") {
  CHECK(tune::isolate::far_reachable_data("").empty());
  CHECK(tune::isolate::far_reachable_data("\x7f"
                                          "ELF and then nothing an object holds")
            .empty());
  CHECK(tune::isolate::far_reachable_data(std::string(64, '\0')).empty());
}

TEST_CASE("moved and marked large, 2.4 GiB of a row's statics link beside small-model code and run") {
  tune::test::temp_dir dir;
  const auto large = large_data_test::compiled_row(dir.path(), "large.o", {"-mcmodel=large"});
  if (!large_data_test::small_sections_in_large_model(large)) return;
  tune::test::write_text(dir / "main.cpp",
                         "extern \"C\" int row__big(int);\n"
                         "static int counted[8];\n"
                         "int main(int argc, char**) { counted[argc] = 1; return row__big(5) == 12 && counted[1] ? 0 : "
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
  // Moved as isolation moves them (tuner/isolate/isolate.cpp): the initialized tables land after
  // the 2.4 GiB of .lbss, so the program reads weights and offsets past 2 GiB.
  std::vector<std::string> argv{"objcopy"}, names;
  for (const auto& name : tune::isolate::far_reachable_data(large)) {
    names.push_back(tune::isolate::large_name(name));
    argv.push_back("--rename-section=" + name + "=" + names.back());
  }
  REQUIRE(names.size() == 3);
  argv.push_back((dir / "large.o").string());
  argv.push_back((dir / "moved.o").string());
  REQUIRE(large_data_test::run_tool(argv) == 0);
  tune::isolate::mark_large(dir / "moved.o", names);
  for (const auto& name : names) {
    const auto flags = large_data_test::flags_of(large_data_test::read(dir / "moved.o"), name);
    REQUIRE(flags);
    CHECK((*flags & 0x10000000) != 0);  // SHF_X86_64_LARGE
  }
  REQUIRE(large_data_test::run_tool({TUNE_TEST_CXX, (dir / "moved.o").string(), (dir / "main.o").string(), "-o",
                                     (dir / "program").string()}) == 0);
  CHECK(large_data_test::run_tool({(dir / "program").string()}) == 0);
}
