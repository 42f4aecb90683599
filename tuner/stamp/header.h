#pragma once
// The stamp header tune/kernels/<family>.h (kernels.md "The stamp"): the chosen row's
// declaration, an inline forwarder with the family's public name, and the family's row in
// tune::status() (tune/status.h).
#include <string>

#include "stamp/seat.h"
#include "stamp/signature.h"

namespace tune::stamp {

std::string render_header(const std::string& family, const signature& sig, const seat& chosen,
                          const std::string& cpp_namespace, const std::string& tune_command);

}  // namespace tune::stamp
