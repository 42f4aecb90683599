#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "stamp/header.h"
#include "stamp/signature.h"

// A C family's stamp header (docs/fixtures.md "In C") is compiled from C and from C++ by the
// compilers CMake found (tests/unit/stamp/CMakeLists.txt): a C program calls the family through it.
namespace {

namespace fs = std::filesystem;
using tune::stamp::parse_signature;

tune::stamp::seat c_seat(const std::string& suffix) {
  tune::stamp::seat s;
  s.suffix = suffix;
  s.from = tune::stamp::source::sidecar;
  s.fallback = "sweeps2_base";
  s.c_linkage = true;
  s.companions = {{"jacobi2d_points", suffix, false, "", true}};
  return s;
}

// A folder holding tune/kernels/jacobi2d.h as `header`, and `source` as the file `name`.
fs::path project(const std::string& header, const std::string& name, const std::string& source) {
  const fs::path dir = fs::temp_directory_path() / ("tune-c-header-" + std::to_string(::getpid()));
  fs::create_directories(dir / "tune" / "kernels");
  std::ofstream(dir / "tune" / "kernels" / "jacobi2d.h") << header;
  std::ofstream(dir / name) << source;
  return dir;
}

int compile(const std::string& compiler, const std::string& flags, const fs::path& dir, const std::string& name) {
  const std::string command = "\"" + compiler + "\" " + flags + " -fsyntax-only -Wall -Wextra -Werror -I\"" +
                              dir.string() + "\" -I\"" TUNE_TEST_INCLUDE "\" \"" + (dir / name).string() + "\"";
  INFO(command);
  return std::system(command.c_str());
}

const char* c_caller =
    "#include <tune/kernels/jacobi2d.h>\n"
    "long step(double* a, double* b) { jacobi2d(1, 8, a, b); return jacobi2d_points(1, 8); }\n";

}  // namespace

TEST_CASE("a C family's stamp header compiles as C99, C11 and C++17 and forwards to its C rows") {
  const auto sig = parse_signature("void(int tsteps, int n, double* A, double* B)");
  const std::vector<tune::stamp::signature> companions = {parse_signature("long(int tsteps, int n)")};
  const std::vector<tune::stamp::branch> shaped = {{"jacobi2d@small", "n <= 64", c_seat("sweeps1_avx2")},
                                                   {"jacobi2d@large", "", c_seat("sweeps1_base")}};
  for (const auto& header : {tune::stamp::render_header("jacobi2d", sig, c_seat("sweeps1_avx2"), "",
                                                        "cmake --build <build dir> --target tune-s", companions),
                             tune::stamp::render_header("jacobi2d", sig, shaped, "kern",
                                                        "cmake --build <build dir> --target tune-s", companions)}) {
    CAPTURE(header);
    CHECK(header.find("#include <stddef.h>") != std::string::npos);
    const auto dir = project(header, "caller.c", c_caller);
    // The second header puts the C++ names in namespace kern (tune_scope(... NAMESPACE)).
    std::ofstream(dir / "caller.cpp") << "namespace kern {}\nusing namespace kern;\n" << c_caller;
    for (const char* standard : {"-std=c99 -pedantic-errors", "-std=c11 -pedantic-errors",
                                 "-std=c11 -pedantic-errors -DTUNE_EXPORTED_jacobi2d"})
      CHECK(compile(TUNE_TEST_CC, standard, dir, "caller.c") == 0);
    CHECK(compile(TUNE_TEST_CXX, "-std=c++17", dir, "caller.cpp") == 0);
    fs::remove_all(dir);
  }
}

TEST_CASE("a C family's exported public names have C linkage, so C callers of the exporter link to them") {
  const auto header =
      tune::stamp::render_header("jacobi2d", parse_signature("void(int tsteps, int n, double* A, double* B)"),
                                 c_seat("sweeps1_avx2"), "", "c", {parse_signature("long(int tsteps, int n)")});
  CHECK(header.find("#if defined(TUNE_DEFINE_jacobi2d)\nextern \"C\" __attribute__((visibility(\"default\"))) void "
                    "jacobi2d(int tsteps, int n, double* A, double* B) { return ::jacobi2d__sweeps1_avx2(tsteps, n, "
                    "A, B); }\n") != std::string::npos);
  CHECK(header.find("#elif defined(TUNE_EXPORTED_jacobi2d)\nextern \"C\" void jacobi2d(") != std::string::npos);
  CHECK(header.find("static inline void jacobi2d(int tsteps, int n, double* A, double* B) { "
                    "jacobi2d__sweeps1_avx2(tsteps, n, A, B); }\n") != std::string::npos);
}
