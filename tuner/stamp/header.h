#pragma once
// The stamp header tune/kernels/<family>.h (docs/cmake-api.md "Generated files"): the chosen row's
// declaration, an inline forwarder with the family's public name, and the family's row in
// tune::status() (tune/status.h).
#include <string>
#include <vector>

#include "stamp/seat.h"
#include "stamp/signature.h"

namespace tune::stamp {

// `companion_signatures` holds the signature of each of `chosen.companions`, index for index.
// The public names are inline forwarders, unless TUNE_DEFINE_<family> is defined (the source
// tune_link(... EXPORT) generates: out-of-line, exported definitions) or TUNE_EXPORTED_<family> is
// (everything that links the exporting target: declarations).
std::string render_header(const std::string& family, const signature& sig, const seat& chosen,
                          const std::string& cpp_namespace, const std::string& tune_command,
                          const std::vector<signature>& companion_signatures = {});

}  // namespace tune::stamp
