#pragma once
// The stamp header tune/kernels/<family>.h (kernels.md "The stamp"): the chosen row's
// declaration and an inline forwarder with the family's public name.
#include <string>

#include "stamp/seat.h"
#include "stamp/signature.h"

namespace tune::stamp {

std::string render_header(const std::string& family, const signature& sig, const seat& chosen,
                          const std::string& cpp_namespace);

}  // namespace tune::stamp
