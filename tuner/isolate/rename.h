#pragma once
// A copy of an ELF64 relocatable object with some of its symbols renamed: what row isolation
// (isolate.h) makes the relocated copies with. objcopy --redefine-sym does the same in a process of
// its own per copy, which cost a small row more time than its compile (bench/isolate-time).
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace tune::isolate {

// `object` with every symbol named like a key of `renames` named its value instead. The new names
// go into a string table appended to the file, which the symbol table's header is pointed at; every
// other byte, code and relocations included, stays as it was. nullopt when `object` is not a
// little-endian ELF64 file with one symbol table whose string table lies within it (the caller
// then asks objcopy).
std::optional<std::string> renamed_copy(std::string_view object, const std::map<std::string, std::string>& renames);

}  // namespace tune::isolate
