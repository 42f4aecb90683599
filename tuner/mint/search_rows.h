#pragma once
// The rows of a searched family (cmake/tune/Search.cmake) that the build does not compile: the
// tool compiles the ones its search proposes, from the compile of the family's template row as
// the build ran it (tune/compile-row.cmake keeps it as <object>.tune-args), through the same
// launcher script, so the project's compiler launcher (ccache, distcc, sccache) and the build's
// failure rules apply; isolates them as the build's isolate step would; gathers every row it
// built into the family's search archive; and links the bench again with the build's own link
// command (tune/link-bench.cmake keeps it as <state dir>/link/link-command.txt).
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "manifest/manifest.h"

namespace tune::mint {

// One compile as compile-row.cmake recorded it.
struct compile_template {
  std::filesystem::path cwd;
  std::string compiler;
  std::string lang;               // C, CXX or Fortran; empty in a template written before it was recorded
  std::string object;             // as the compile names it (relative to cwd, or absolute)
  std::vector<std::string> args;  // [the project's launcher...] <compiler> <arguments>...
};
// Reads <object>.tune-args; throws std::runtime_error naming the file and the fix.
compile_template read_compile_template(const std::filesystem::path& object);

// The template's compile turned into `row`'s, writing `object`: the template row's definitions and
// its row flags (after -falign-functions=64, tune/Rows.cmake) replaced by `row`'s, and every
// mention of the template's object (its -o, -MT and -MF) by `object`. Throws std::runtime_error
// when the template does not hold the template row's flags where the module puts them.
std::vector<std::string> row_compile(const compile_template& t, const row_decl& template_row, const row_decl& row,
                                     const std::string& object);

struct built_row {
  std::string suffix;
  bool compiled = false;  // false: its object was up to date (its recipe unchanged), nothing ran
  bool isolated = false;  // false: left out (its compile failed, or isolation refused it)
  std::string why;        // when left out: what the build log would have said
};

// Compiles and isolates `suffixes` of the searched family `family` (any seat of it), `jobs` at a
// time. Throws std::runtime_error when a compile fails for a reason outside the row's code (the
// compiler killed, no space left: compile-row.cmake's rule) or isolation fails.
std::vector<built_row> build_rows(const family_decl& family, const std::vector<std::string>& suffixes, int jobs,
                                  const std::function<void(const std::string&)>& say);

// Writes the family's search archive from `rows` (those that isolated), each row's object then
// every relocated copy after all of them (the order the build's row archives have), replacing the
// archive whole.
void write_search_archive(const family_decl& family, const std::vector<std::string>& rows);

// Links the scope's bench again, as the build last linked it. Throws std::runtime_error with the
// link's output when it fails.
void relink_bench(const manifest& m, const search_decl& tools);

}  // namespace tune::mint
