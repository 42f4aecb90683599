// tune/status.h: what the stamp headers register and what log_status prints.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include <tune/status.h>

namespace {
std::string logged(const char* program) {
  std::FILE* f = std::tmpfile();
  tune::log_status(program, f);
  std::rewind(f);
  std::string out;
  char buf[512];
  while (std::fgets(buf, sizeof buf, f)) out += buf;
  std::fclose(f);
  return out;
}
}  // namespace

TEST_CASE("status lists each registered family once, by name, and log_status counts the tuned ones") {
  tune::detail::status_registry().clear();
  tune::detail::register_family({"sgemm", "blas", "fallback", "cmake --build /b --target tune-s"});
  tune::detail::register_family({"dot", "u4_avx2", "sidecar", "cmake --build /b --target tune-s", "sidecar"});
  tune::detail::register_family({"dot", "u4_avx2", "sidecar", "cmake --build /b --target tune-s", "sidecar"});
  tune::detail::register_family({"axpy", "u2_base", "profile x86-avx2", "cmake --build /b --target tune-s"});
  const auto rows = tune::status();
  REQUIRE(rows.size() == 3);
  CHECK(rows[0].name == "axpy");
  CHECK(rows[0].tuned());
  CHECK(rows[2].name == "sgemm");
  CHECK_FALSE(rows[2].tuned());
  CHECK(logged("app") ==
        "app: 2/3 kernels tuned for this box\n"
        "  axpy                     u2_base                  profile x86-avx2\n"
        "  dot                      u4_avx2                  sidecar\n"
        "  sgemm                    blas                     fallback\n"
        "to tune this box: cmake --build /b --target tune-s\n");
}

TEST_CASE("a fully tuned program prints no command") {
  tune::detail::status_registry().clear();
  tune::detail::register_family({"dot", "u4_avx2", "sidecar", "cmake --build /b --target tune-s"});
  CHECK(logged("app").find("to tune") == std::string::npos);
}
