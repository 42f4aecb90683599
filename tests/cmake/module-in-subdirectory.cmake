# Loaded by a subdirectory (add_subdirectory(third_party/cmake-tune)), the module's checks must
# work in the parent: requires= knows the features, tune_isa accepts a lowering flag, and the
# global-ISA check finds no flag where there is none.
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/vendor/CMakeLists.txt"
  "include([==[${TUNE_REPO}/cmake/Tune.cmake]==])\n")
add_subdirectory("${CMAKE_CURRENT_BINARY_DIR}/vendor" vendor-build)
tune_isa(fma3 FLAGS -mavx2 -mfma REQUIRES "avx2,fma")
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  PERMUTATIONS "UNROLL=1,ISA=base" "UNROLL=4,ISA=fma3" "UNROLL=8,ISA=base;requires=avx2"
  FALLBACK "unroll1_base")
