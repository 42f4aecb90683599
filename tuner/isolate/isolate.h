#pragma once
// Row isolation, run by the build for every row as `tune isolate` (cmake/tune/Rows.cmake): one
// row's objects become a single object that exports only the row's entry and its companions.
// Every other definition, inline functions and template instantiations included, becomes local and
// its COMDAT groups are dissolved, so no code compiled under one row's ISA flags can be picked by
// the linker for another row (docs/design/kernels-and-isolation.md).
//
// Beside it, isolation writes:
// - the row's relocated copies: byte-identical copies of the isolated object, the k-th (from 1)
//   with its exports renamed tune_relocated<k>__<name>. The bench links them all, so the
//   validation re-race can time the seat and the fallback at other addresses (docs/measurement.md
//   rule 8). Nothing references them outside the bench, so the final link never pulls them.
// - the row's identities (identity.h): its code identity, hashed from the isolated object, and
//   what its compiles read, from the dependency files tune/compile-row.cmake kept.
//
// A row that did not compile (tune/compile-row.cmake left <object>.tune-fail.txt) or that isolation
// refuses is left out when it is neither the family's reference nor in its FALLBACK chain: the
// reason goes to <record>.fail.txt (first line the stage, compile or isolate, then the diagnostic),
// every output is an empty object, and the bench reports the row (registry.h
// row_info::build_record). A row that isolates removes its old failure record.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace tune::isolate {

struct isolate_request {
  std::vector<std::filesystem::path> objects;  // the row's compiled objects
  std::string entry;                           // <family>__<suffix>
  std::string suffix;
  std::vector<std::string> companions;  // <function>__<suffix>
  std::filesystem::path output;
  std::vector<std::filesystem::path> relocated;
  std::string record;    // <rows dir>/<family>__<suffix>
  std::string critical;  // "reference", "fallback", or "" for a row that may be left out
  std::string linker = "ld";
  std::string objcopy = "objcopy";
  // With both, an aarch64 row's disassembly is checked for instructions above what `needs` (its
  // requires=) promises (isolate/instructions.h); empty objdump: no check.
  std::string objdump;
  std::string needs;
};

// The build must stop: a row that must build cannot be isolated, or a tool failed. The message is
// for the build log.
class isolate_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Isolates the row. Returns what to tell the build log when the row was left out ("" when it
// isolated, or when its compile failed and said so itself).
std::string isolate_row(const isolate_request& request);

// The name a row's own name gets in the copy its code identity is hashed from: every occurrence
// of one of `exports` (each <function>__<suffix>), plain or as a mangled <length><name>, becomes
// <function>__ with the suffix dropped, so two rows of one family with the same code hash the same.
std::string canonical_name(const std::string& symbol, const std::vector<std::string>& exports,
                           const std::string& suffix);

}  // namespace tune::isolate
