#pragma once
// Rows with large static buffers under Clang (issue 46). The bench links every row four times, so
// a family's zero-initialized statics can pass the 2 GiB the x86-64 small code model reaches from
// the bench's own code. GCC's medium model puts data over 64 KiB in .lbss, .ldata and .lrodata, which
// the linker places after every small section; Clang before 17 has no such threshold: its medium
// model reaches every static with a 64-bit offset but leaves it in .bss, .data or .rodata, among the
// small data of everything else the bench links. Such a section can move to its large counterpart
// without breaking anything: nothing reaches it with a 32-bit displacement
// (docs/design/kernels-and-isolation.md, "Compiling a row as its own object").
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace tune::isolate {

// GCC's threshold (-mlarge-data-threshold), which moves each object larger than it: a section no
// larger stays among the small data, so a row's tables and strings stay where they were and its
// identity does not change. GCC judges objects and this judges sections, which is the same thing
// under -fdata-sections (a section per object); without it, small statics that share a section
// larger than the threshold move together.
inline constexpr std::uint64_t large_data_threshold = 64 * 1024;

// The names of the data sections of the x86-64 relocatable object `object` — zero-initialized
// (.bss, .bss.*), initialized (.data, .data.*, not .data.rel.ro*) and read-only (.rodata, .rodata.*)
// — of at least large_data_threshold bytes that every relocation reaches with a 64-bit value
// (R_X86_64_64, GOTOFF64, PC64): those the link may place anywhere. A section one 32-bit reference
// reaches, or one that holds a 32-bit reference itself (a jump table's offsets to code), is left
// out (it stays where the small and GCC's medium model need it); empty when the
// object is not an x86-64 ELF64 relocatable object or has no such section. Each moves to the name
// large_name() gives it.
std::vector<std::string> far_reachable_data(std::string_view object);

// The large section a small one moves to: ".bss.x" → ".lbss.x", ".data" → ".ldata", ".rodata.cst32"
// → ".lrodata.cst32", the names GNU ld's default script places after every small section.
std::string large_name(std::string_view small);

// Marks the sections of `object` named in `names` SHF_X86_64_LARGE, as a compiler marks its large
// data: GNU ld places .lbss by its name, lld and gold by the flag (objcopy cannot set it). Throws
// std::runtime_error naming the file when it cannot be read, is not ELF64, or cannot be written.
void mark_large(const std::filesystem::path& object, const std::vector<std::string>& names);

}  // namespace tune::isolate
