#pragma once
// A scope's manifest: everything the build knows about it, written by the CMake module at
// generate time (tune/<scope>/manifest.json) and read by every `tune` command.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tune {

struct row_decl {
  std::string suffix;
  std::string axes;      // "UNROLL=4,ISA=avx2"
  std::string needs;  // requires= with the ISA's requirement
  std::vector<std::string> flags;
  std::vector<std::string> defines;
};

// A sibling function of the kernel sources stamped with the family's row (COMPANIONS).
struct companion_decl {
  std::string name;
  std::string signature;  // its own "<ret>(<params>)", or the family's
};

struct family_decl {
  std::string name;
  std::string signature;
  std::string tolerance;
  std::string reference;              // suffix of the reference row
  std::vector<std::string> fallback;  // the chain
  std::vector<std::string> sources;   // kernel sources and the fixture
  std::vector<row_decl> rows;
  std::vector<companion_decl> companions;
  const row_decl* row(const std::string& suffix) const;
};

struct manifest {
  std::filesystem::path file;
  std::string project;
  std::string scope;
  int version = 1;
  std::optional<double> budget_s;
  std::string cpp_namespace;
  std::filesystem::path sidecar;    // as configured; see sidecar_path()
  std::filesystem::path bench;
  std::filesystem::path build_dir;  // CMAKE_BINARY_DIR, for the commands messages suggest
  std::filesystem::path state_dir;  // stamp.done, stamp.json, stamp.d, race request/result
  std::filesystem::path stamp_dir;  // tune/kernels/ headers
  std::filesystem::path defaults;
  std::string policy;               // configured TUNE_POLICY (may be empty)
  bool optimized = true;
  bool release = false;
  bool quick = false;
  bool debug = false;
  std::string target_class;
  std::string compiler;
  std::string compiler_flags;
  std::vector<family_decl> families;

  std::vector<std::string> family_names() const;
  const family_decl* family(const std::string& name) const;
};

// Throws std::runtime_error naming the file and what is wrong (absent, not JSON, wrong format).
manifest load_manifest(const std::filesystem::path& file);

// The sidecar this build uses: $TUNE_MANIFEST when set, else the configured path.
std::filesystem::path sidecar_path(const manifest& m);

// Whether the sidecar location came from the environment (then a non-fresh verdict warns).
bool sidecar_from_environment();

}  // namespace tune
