#pragma once
// Rows with large static buffers under Clang (issue 46). The bench links every row four times, so
// a family's zero-initialized statics can pass the 2 GiB the x86-64 small code model reaches from
// the bench's own code. GCC's medium model puts data over 64 KiB in .lbss, which the linker places
// after every small section; Clang before 17 has no such threshold: its medium model reaches every
// static with a 64-bit offset but leaves it in .bss, among the small data of everything else the
// bench links. Such a .bss can move to .lbss without breaking anything: nothing reaches it with a
// 32-bit displacement (docs/design/kernels-and-isolation.md, "Compiling a row as its own object").
#include <string>
#include <string_view>
#include <vector>

namespace tune::isolate {

// The names of the zero-initialized data sections (.bss, .bss.*) of the x86-64 relocatable object
// `object` that every relocation reaches with a 64-bit value (R_X86_64_64, GOTOFF64, PC64): those
// the link may place anywhere. Empty when one section is reached otherwise (one 32-bit reference
// is enough: the object then keeps its .bss, as the small and GCC's medium model need), when
// the object is not an x86-64 ELF64 relocatable object, or when it has no such section.
std::vector<std::string> far_reachable_bss(std::string_view object);

}  // namespace tune::isolate
