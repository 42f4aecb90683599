#pragma once
// The stamp header tune/kernels/<family>.h (docs/cmake-api.md "Generated files (all in the build
// tree)"): the chosen row's declaration, an inline forwarder with the family's public name, and the family's row in
// tune::status() (tune/status.h).
#include <string>
#include <vector>

#include "manifest/manifest.h"
#include "stamp/dispatch.h"
#include "stamp/seat.h"
#include "stamp/signature.h"

namespace tune::stamp {

// One shape of a family with SHAPES as its dispatcher calls it: the seat's name, the condition that
// sends a call there (empty for a last shape without one) and the seat's row.
struct branch {
  std::string seat_name;  // "dot@small"
  std::string condition;
  seat chosen;
  // The seat's candidates for a DISPATCH binary (stamp/dispatch.h); none: the header has no
  // DISPATCH section.
  dispatch_table dispatch = {};
};

// The command a program's tune::status() names to tune the scope: tune_command(m) with the build
// tree left as "<build dir>", so no binary carries the path of the tree it was built in.
std::string program_tune_command(const manifest& m);

// `companion_signatures` holds the signature of each of `chosen.companions`, index for index.
// The public names are inline forwarders, unless TUNE_DEFINE_<family> is defined (the source
// tune_link(... EXPORT) generates: out-of-line, exported definitions) or TUNE_EXPORTED_<family> is
// (everything that links the exporting target: declarations).
std::string render_header(const std::string& family, const signature& sig, const seat& chosen,
                          const std::string& cpp_namespace, const std::string& tune_command,
                          const std::vector<signature>& companion_signatures = {});

// The header of a family with SHAPES: the public names (the family's, its companions') are
// dispatchers that test the shapes' conditions in order and call each shape's row directly; the last
// shape takes every call no earlier condition matches. Every shape is its own row in tune::status().
std::string render_header(const std::string& family, const signature& sig, const std::vector<branch>& branches,
                          const std::string& cpp_namespace, const std::string& tune_command,
                          const std::vector<signature>& companion_signatures = {});

}  // namespace tune::stamp
