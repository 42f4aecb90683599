#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include <unistd.h>

#include "stamp/fortran.h"
#include "stamp/signature.h"

// The stamp for Fortran callers (docs/fixtures.md "Called from Fortran"): module
// tune_kernels_<family>, read here and compiled with a Fortran caller by the Fortran compiler CMake
// found (tests/unit/stamp/CMakeLists.txt).
namespace {

namespace fs = std::filesystem;
using tune::stamp::parse_signature;
using tune::stamp::render_fortran_module;

tune::stamp::seat fortran_seat(const std::string& suffix) {
  tune::stamp::seat s;
  s.suffix = suffix;
  s.from = tune::stamp::source::sidecar;
  s.c_linkage = true;
  s.companions = {{"jacobi2d_points", suffix, false, "", true}};
  return s;
}

std::string jacobi_module(const std::string& suffix) {
  return render_fortran_module("jacobi2d", parse_signature("void(int tsteps, int n, double* A, const double* B)"),
                               fortran_seat(suffix), {parse_signature("long(int tsteps, int n)")});
}

const char* fortran_caller =
    "program caller\n"
    "  use, intrinsic :: iso_c_binding\n"
    "  use tune_kernels_jacobi2d, only: jacobi2d, jacobi2d_points\n"
    "  implicit none\n"
    "  real(c_double) :: a(64), b(64)\n"
    "  integer(c_long) :: points\n"
    "  b = 1\n"
    "  call jacobi2d(1_c_int, 8_c_int, a, b)\n"
    "  points = jacobi2d_points(1_c_int, 8_c_int)\n"
    "  print *, a(10), points\n"
    "end program caller\n";

}  // namespace

TEST_CASE("the module binds the family's and its companions' names to the stamped rows") {
  const auto text = jacobi_module("sweeps1_avx2");
  CHECK(text.find("module tune_kernels_jacobi2d\n") != std::string::npos);
  CHECK(text.find("! jacobi2d = sweeps1_avx2\n") != std::string::npos);
  CHECK(text.find("subroutine jacobi2d(tsteps, n, A, B) bind(C, name=\"jacobi2d__sweeps1_avx2\")\n") !=
        std::string::npos);
  CHECK(text.find("      integer(c_int), value :: tsteps\n") != std::string::npos);
  CHECK(text.find("      real(c_double), intent(inout) :: A(*)\n") != std::string::npos);
  CHECK(text.find("      real(c_double), intent(in) :: B(*)\n") != std::string::npos);
  CHECK(text.find("function jacobi2d_points(tsteps, n) result(tune_result) bind(C, "
                  "name=\"jacobi2d_points__sweeps1_avx2\")\n") != std::string::npos);
  CHECK(text.find("      integer(c_long) :: tune_result\n") != std::string::npos);
  CHECK(jacobi_module("sweeps2_base").find("name=\"jacobi2d__sweeps2_base\"") != std::string::npos);
}

TEST_CASE("a type without an interoperable Fortran kind is refused, naming the family, parameter and type") {
  tune::stamp::seat s = fortran_seat("base");
  s.companions.clear();
  const auto refused = [&](const std::string& sig, const std::string& what) {
    try {
      render_fortran_module("f", parse_signature(sig), s);
      FAIL("no refusal for " << sig);
    } catch (const std::invalid_argument& e) {
      INFO(e.what());
      CHECK(std::string(e.what()).find(what) != std::string::npos);
      CHECK(std::string(e.what()).find("no interoperable Fortran counterpart") != std::string::npos);
    }
  };
  refused("void(struct grid* g)", "family f: parameter g has type 'struct grid* '");
  refused("void(double** rows)", "family f: parameter rows has type 'double** '");
  refused("void(int counts[4])", "family f: parameter counts has type 'int counts[4]'");
  refused("struct grid(int n)", "family f: the return of f has type 'struct grid'");
  CHECK_NOTHROW(render_fortran_module("f", parse_signature("void*(void* p, size_t n, int64_t k)"), s));
}

#ifdef TUNE_TEST_FC
TEST_CASE("the module compiles with a Fortran caller that calls the family and its companion") {
  const fs::path dir = fs::temp_directory_path() / ("tune-fortran-module-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "tune_kernels_jacobi2d.f90") << jacobi_module("sweeps1_avx2");
  std::ofstream(dir / "caller.f90") << fortran_caller;
  const std::string command =
      "cd \"" + dir.string() + "\" && \"" TUNE_TEST_FC "\" -Wall -Werror -c " + "tune_kernels_jacobi2d.f90 caller.f90";
  INFO(command);
  CHECK(std::system(command.c_str()) == 0);
  fs::remove_all(dir);
}
#endif
