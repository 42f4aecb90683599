#pragma once
// The stamp for Fortran callers: module tune_kernels_<family> (tune/kernels/tune_kernels_<family>.f90,
// docs/fixtures.md "Called from Fortran"), whose bind(C) interfaces give the family's name, and its
// companions', to the stamped rows, so a Fortran caller calls the seat directly, as a C caller does.
#include <string>
#include <vector>

#include "stamp/seat.h"
#include "stamp/signature.h"

namespace tune::stamp {

// The module's source. `companion_signatures` holds the signature of each of `chosen.companions`,
// index for index. Throws std::invalid_argument naming the family, the parameter and its type when
// a type has no interoperable Fortran counterpart (docs/fixtures.md lists those that have).
std::string render_fortran_module(const std::string& family, const signature& sig, const seat& chosen,
                                  const std::vector<signature>& companion_signatures = {});

}  // namespace tune::stamp
