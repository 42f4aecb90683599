#pragma once
// A scope's manifest: everything the build knows about it, written by the CMake module at
// generate time (tune/<scope>/manifest.json) and read by every `tune` command.
#include <cstdint>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "box/features.h"
#include "isolate/identity.h"
#include "search/rules.h"

namespace tune {

struct row_decl {
  std::string suffix;
  std::string axes;   // "UNROLL=4,ISA=avx2"
  std::string needs;  // requires= with the ISA's requirement
  std::vector<std::string> flags;
  std::vector<std::string> defines;
  std::string linkage = "CXX";  // "C" for rows compiled from C sources: declared extern "C"
  // <rows dir>/<family>__<suffix>: where the build records why it left the row out
  // (tune/compile-row.cmake, tuner/isolate/isolate.h, tune/link-bench.cmake).
  std::string build_record;
  // Why the build left the row out ("compile", "isolate" or "link" and the first lines), read
  // from its build record when the manifest is loaded; nullopt when the row built.
  std::optional<std::string> left_out;
  // Its identities as its isolation recorded them (isolate/identity.h); nullopt for a row left
  // out, or not built yet.
  std::optional<isolate::row_identity> identity;
};

// Why a searched family's row is left out until a search builds it (row_decl::left_out).
inline constexpr const char* not_visited = "not visited: no search of the family has compiled it (SEARCH)";

// A row can be stamped or raced here: it built, and its requires= holds for `features`.
bool row_runs(const row_decl& row, const box::feature_set& features);
// Why not, for messages ("requires avx512f: not on this box", "left out of the build: ...").
std::string why_row_cannot_run(const row_decl& row, const box::feature_set& features);

// A sibling function of the kernel sources stamped with the family's row (COMPANIONS).
struct companion_decl {
  std::string name;
  std::string signature;  // its own "<ret>(<params>)", or the family's
};

// SEARCH random|auto (cmake/tune/Search.cmake): the family races the rows a search proposes, which
// the tool compiles (mint/search_rows.h) from the compile of its template row.
struct search_decl {
  std::string strategy;  // "random" or "auto"
  std::uint64_t seed = 1;
  std::size_t budget_rows = 0;  // 0: the default, which the tool works out (mint/search_scope.h search_budget)
  double budget_seconds = 0;    // 0: no time limit
  // The AXES in order, each with its values: a row's point is its value index per axis.
  std::vector<std::pair<std::string, std::vector<std::string>>> axes;
  // What cuts the axes' product to the space: EXCLUDE as written and CONSTRAINTS with their parsed
  // forms (search/rules.h); the tool enumerates the space from these, not from the rows.
  std::vector<std::string> excludes;
  std::vector<search::space_rules::constraint> constraints;
  // Each ISA value's flags and requires= (cmake/tune/Isa.cmake), when ISA is an axis.
  struct isa_value {
    std::vector<std::string> flags;
    std::string needs;
  };
  std::map<std::string, isa_value> isa;
  search::space_rules rules() const { return {axes, excludes, constraints}; }
  std::filesystem::path archive;  // libtune_search_<family>.a, linked by the bench and the program
  std::string template_row;       // the row whose compile the tool varies
  std::vector<std::filesystem::path> template_objects;
  // What the build's own steps run, to compile, isolate and link the same way.
  std::filesystem::path cmake, module_dir, ar, linker, objcopy;
  // The target's objdump when the rows get the instruction check (an aarch64 target,
  // isolate/instructions.h); empty otherwise.
  std::filesystem::path objdump;
};

// A family's declaration as the tool races and stamps it: a *seat*. A family without SHAPES is one
// seat named after it; a family with SHAPES (cmake/tune/Shapes.cmake) is loaded as one family_decl
// per shape, named <function>@<shape>, each raced, stamped and reported on its own. Everything but
// the name and the condition is the family's, the same for each of its seats.
struct family_decl {
  std::string name;  // the seat: "dot", or "dot@small" for shape small of dot
  std::string signature;
  std::string tolerance;
  std::string reference;              // suffix of the reference row
  std::vector<std::string> fallback;  // the chain
  std::vector<std::string> sources;   // kernel sources and the fixture
  std::vector<row_decl> rows;
  std::vector<companion_decl> companions;
  std::optional<double> timeout_s;  // TIMEOUT
  // The family's fixture compiled alone (tune_fixture_identity_<family>, tune/Bench.cmake): what
  // the fixture's code identity is hashed from (mint/incremental.h). Empty when not recorded.
  std::filesystem::path fixture_object;
  // A family with a GENERATOR (cmake/tune/Generator.cmake): the file the mint writes the family's
  // race table to when it races it, which the configure step depends on, so that a changed table
  // runs the generator again. Empty without a generator.
  std::filesystem::path generator_trigger;
  // The shape's condition over the signature's parameters, as the stamp's dispatcher tests it;
  // empty for a family without SHAPES and for a last shape without one. (Last, so that aggregate
  // initializations of the fields above stay as they are.)
  std::string condition;
  // THREADS: the size of every thread pool its rows race with, 0 for `all` (the allocation's
  // CPUs; tune/bench/registry.h family_info::threads). 1 in manifests written before THREADS.
  int threads = 1;
  // Set for a searched family (SEARCH random|auto), on each of its seats.
  std::optional<search_decl> search;
  // A Fortran target links the family (tune_link): the stamp writes module tune_kernels_<family>
  // beside the header (stamp/fortran.h).
  bool fortran_callers = false;
  // CONSTRAINTS as declared (cmake/tune/Constraints.cmake); empty in manifests written before them.
  std::vector<std::string> constraints;
  // The row of that suffix, or nullptr. A searched family declares only its reference and
  // FALLBACK chain and `rows` adds the rows its searches built; any other point of its space is
  // made here from the axes and rules (search_row), not visited, and kept for the family's life.
  const row_decl* row(const std::string& suffix) const;
  // The rows made by row(), by suffix, shared by the copies of this family (its seats); a deque, so
  // a row once made stays where row() pointed.
  struct made {
    std::deque<row_decl> rows;
    std::unordered_map<std::string, std::size_t> index;
  };
  std::shared_ptr<made> made_rows = std::make_shared<made>();
  // The family's public name, which the stamp defines: the seat's name up to its '@' ("dot").
  std::string function() const;
  // The seat's shape: its name after the '@' ("small"); empty for a family without SHAPES.
  std::string shape() const;
  // The sidecar's `kernels` key of a companion's own entry in this seat: its name, qualified by the
  // shape as <companion>@<shape> for a seat of a family with SHAPES.
  std::string companion_key(const companion_decl& companion) const;
};

// A searched family's row at `point` (one value index per axis of its search), as the configure
// step declares a row (cmake/tune/Rows.cmake, _tune_add_row_objects): its suffix, definitions, ISA
// flags and requires=, the template row's linkage, and its build record beside the template row's.
// Its identity and left_out are read from that record. Throws std::runtime_error when the family
// is not searched.
row_decl search_row(const family_decl& family, const std::uint16_t* point);

// The machine the bench and the program are built for (docs/cmake-api.md "Cross-compiling").
struct target_machine {
  std::string arch;    // CMAKE_SYSTEM_PROCESSOR as the class table names it ("x86_64", "aarch64")
  bool cross = false;  // CMAKE_CROSSCOMPILING: the build host is not the target
  // How the tool runs the bench: itself (native), through CMAKE_CROSSCOMPILING_EMULATOR
  // (emulator: the gate runs, no timing counts), through TUNE_TARGET_RUNNER on the machine the
  // runner reaches (runner: that machine is measured as this box would be, mint/machine.h), or not
  // at all (none: a cross build that names neither an emulator nor a runner).
  enum class run { native, emulator, runner, none } how = run::native;
  std::vector<std::string> launcher;  // the emulator's or runner's command line, the bench's path appended
};

struct manifest {
  std::filesystem::path file;
  std::string project;
  std::string scope;
  int version = 1;
  std::optional<double> budget_s;
  std::string cpp_namespace;
  std::filesystem::path sidecar;  // as configured; see sidecar_path()
  std::filesystem::path bench;
  std::filesystem::path build_dir;  // CMAKE_BINARY_DIR, for the commands messages suggest
  std::string config;               // the configuration this manifest is for (CMAKE_BUILD_TYPE when single-config)
  bool multi_config = false;        // the tree has one manifest per configuration
  std::filesystem::path state_dir;  // stamp.done, stamp.json, stamp.d, race request/result
  std::filesystem::path stamp_dir;  // tune/kernels/ headers
  std::filesystem::path defaults;
  std::string policy;  // configured TUNE_POLICY (may be empty)
  bool optimized = true;
  bool release = false;
  bool quick = false;
  bool debug = false;
  std::string target_class;
  target_machine target;
  std::string compiler;
  std::string compiler_flags;
  std::vector<family_decl> families;

  std::vector<std::string> family_names() const;  // the seats' names
  const family_decl* family(const std::string& name) const;
};

// Throws std::runtime_error naming the file and what is wrong (absent, not JSON, wrong format).
manifest load_manifest(const std::filesystem::path& file);

// The sidecar this build uses: $TUNE_MANIFEST when set, else the configured path.
std::filesystem::path sidecar_path(const manifest& m);

// The command that tunes the scope in this tree, valid as printed: `cmake --build <tree>
// [--config <c>] --target tune-<scope>`; for a tree built for TUNE_TARGET_CLASS, which measures
// nothing, the configure step that lifts it first.
std::string tune_command(const manifest& m);

// The class a build stamps for when it may not measure: TUNE_TARGET_CLASS, else, in a cross build,
// the lowest class of the target's arch (box::base_class); empty for a native build for this box
// and for a build whose bench runs through TUNE_TARGET_RUNNER, which measures the runner's machine.
std::string stamped_class(const manifest& m);

// Whether the sidecar location came from the environment (then a non-fresh verdict warns).
bool sidecar_from_environment();

}  // namespace tune
