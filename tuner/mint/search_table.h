#pragma once
// The bench's list of the rows a search built (tune/bench/registry.h, search_rows): for each
// function of the family (its own and each companion's), each built row's suffix, entry, relocated
// copies, requires= and build record. The registry declares only the reference and the FALLBACK
// chain, so the bench finds every other row here. The tool writes it as an assembly source, which
// needs no declaration of the rows' signature: each row's symbols are read from the objects
// isolation wrote, by name, C or C++ linkage alike. Assembled with the template row's compiler (the
// target's, in a cross build) and archived with the rows (mint/search_rows.h).
#include <filesystem>
#include <string>
#include <vector>

#include "manifest/manifest.h"
#include "mint/search_rows.h"

namespace tune::mint {

// The symbol of `object`'s symbols that defines function `name` (a row's entry
// "<function>__<suffix>" or a relocated copy's "tune_relocated<k>__<function>__<suffix>"): `name`
// itself (C linkage), or the mangled name whose source name it is (C++); empty when none does.
std::string defined_symbol(const std::filesystem::path& object, const std::string& name);
// Whether the Itanium C++ ABI's mangled name `mangled` is of a function named `name` at namespace
// scope (_Z<len><name>..., or _ZN<len><ns>...<len><name>E...).
bool names_function(const std::string& mangled, const std::string& name);

// The assembly source of the table of `rows` (suffixes of rows isolation built) for `family`.
std::string search_table_source(const family_decl& family, const std::vector<std::string>& rows);

// Writes that table assembled into `object`, with the compiler of `t` (its target options kept).
// Throws std::runtime_error with the assembler's output when it fails.
void write_search_table(const family_decl& family, const std::vector<std::string>& rows, const compile_template& t,
                        const std::filesystem::path& object);

}  // namespace tune::mint
