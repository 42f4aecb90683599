# Loaded by a subdirectory, the module still refuses a forbidden ISA flag declared in the parent.
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/vendor/CMakeLists.txt"
  "include([==[${TUNE_REPO}/cmake/Tune.cmake]==])\n")
add_subdirectory("${CMAKE_CURRENT_BINARY_DIR}/vendor" vendor-build)
tune_isa(fastavx2 FLAGS -mavx2 -ffast-math REQUIRES avx2)
