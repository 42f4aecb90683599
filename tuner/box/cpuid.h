#pragma once
// This machine's CPUID leaves (x86-64 only; elsewhere the declarations do not exist).
#include <string>

#include "box/features.h"

namespace tune::box {

#if defined(__x86_64__)
// Leaves beyond the CPU's maximum are left zero; xcr0 is read only when OSXSAVE is set.
cpuid_leaves read_cpuid_leaves();

// The brand string of leaves 0x80000002..4, spaces collapsed; "" when the CPU has none.
std::string read_brand_string();
#endif

}  // namespace tune::box
