# A kernel family in C beside a C++ family that calls a C helper of its own row
# (tests/e2e/c-kernel): the C rows compile with the C compiler through the project's own launcher,
# are declared extern "C" in the registry and the stamp, race and stamp like any row, and the app
# calls them with C linkage, as does a C program through the same stamp header; compile_commands.json
# holds the rows' plain compiles. No binary holds the build tree's path, and a forced re-mint that
# moves no seat rewrites no stamp header, so nothing recompiles.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
# Standing in for ccache: a launcher that logs each compile's arguments, then runs it.
set(log "${WORK_DIR}/launched.txt")
set(launcher "${WORK_DIR}/record-launcher.sh")
file(WRITE "${launcher}" "#!/bin/sh\necho \"$*\" >> '${log}'\nexec \"$@\"\n")
file(CHMOD "${launcher}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
e2e_configure(configure "${E2E_DIR}/c-kernel" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "-DCMAKE_C_COMPILER_LAUNCHER=${launcher}" "-DCMAKE_CXX_COMPILER_LAUNCHER=${launcher}")
e2e_build(build "${bin}")

e2e_read(sidecar "${bin}/e2e_c_kernel.tune.json")
e2e_json(jacobi "${sidecar}" kernels jacobi2d)
e2e_expect_matches("the C family is minted with its planted faster rows" "${jacobi}" "^sweeps1_(base|avx2)$")
e2e_json(dot "${sidecar}" kernels dot)
e2e_expect_equal("the mixed C/C++ family is minted" "${dot}" "unroll4")

e2e_read(registry "${bin}/tune/stencils/registry/jacobi2d.cpp")
e2e_expect_contains("the registry declares C rows extern \"C\"" "${registry}"
  "extern \"C\" void jacobi2d__sweeps1_base(int tsteps, int n, double* A, double* B) __attribute__((weak));")
e2e_read(header "${bin}/tune/include/tune/kernels/jacobi2d.h")
e2e_expect_matches("the stamp declares the C row extern \"C\" in C++, plainly in C" "${header}"
  "#ifdef __cplusplus\n[^\n]*\n[^\n]*\n\n#include <tune/status.h>\nextern \"C\" {\n#else\n#include <stddef.h>\n")
e2e_expect_contains("the C row" "${header}" "\nvoid jacobi2d__${jacobi}(")
e2e_expect_contains("and its companion" "${header}" "\nlong jacobi2d_points__${jacobi}(")

e2e_run(app COMMAND "${bin}/app")
e2e_expect_contains("the app calls both" "${E2E_OUTPUT}" "jacobi2d=1 points=23064 dot=300")
execute_process(COMMAND "${NM}" "${bin}/app" OUTPUT_VARIABLE syms)
e2e_expect_matches("the C row is linked by its C name" "${syms}" " T jacobi2d__${jacobi}\n")
e2e_expect_matches("its companion too" "${syms}" " T jacobi2d_points__${jacobi}\n")
e2e_expect_matches("the C++ row by its mangled name" "${syms}" " T _Z12dot__unroll4PKfS0_m\n")
e2e_expect_matches("the C helper of the C++ row is local to it" "${syms}" " t dot_sum\n")
e2e_expect_not_contains("no losing row" "${syms}" "jacobi2d__sweeps2")

e2e_run(c-app COMMAND "${bin}/c_app")
e2e_expect_contains("a C program calls the C family through its stamp header" "${E2E_OUTPUT}"
  "c: jacobi2d=1 points=23064")

# No binary carries the build tree's path (the tune hint names "<build dir>").
foreach(program app c_app)
  file(STRINGS "${bin}/${program}" texts)
  e2e_expect_not_contains("${program} holds no build-tree path" "${texts}" "${bin}")
  set(texts_${program} "${texts}")
endforeach()
e2e_expect_contains("app names the tune command without it" "${texts_app}"
  "cmake --build <build dir> --target tune-stencils")

# A forced re-mint that moves no seat leaves the stamp headers as they were: nothing recompiles.
e2e_read(dot_header "${bin}/tune/include/tune/kernels/dot.h")
e2e_read(jacobi_header "${bin}/tune/include/tune/kernels/jacobi2d.h")
e2e_mtimes(headers_before "${bin}/tune/include/tune/kernels")
e2e_wait_past_second()
e2e_run(remint COMMAND "${PREFIX}/bin/tune" mint --all --build-dir "${bin}")
e2e_read(sidecar "${bin}/e2e_c_kernel.tune.json")
e2e_json(jacobi_after "${sidecar}" kernels jacobi2d)
e2e_json(dot_after "${sidecar}" kernels dot)
e2e_read(dot_header_after "${bin}/tune/include/tune/kernels/dot.h")
e2e_read(stamp_record "${bin}/tune/stencils/stamp.json")
e2e_expect_contains("the margin lives in the stamp record" "${stamp_record}" "\"margin_pct\"")
if(dot_after STREQUAL dot)
  e2e_expect_equal("dot's seat held: its header is unchanged" "${dot_header_after}" "${dot_header}")
endif()
if(dot_after STREQUAL dot AND jacobi_after STREQUAL jacobi)
  e2e_mtimes(headers_after "${bin}/tune/include/tune/kernels")
  e2e_expect_same_mtimes("no seat moved: no stamp header is rewritten" "${headers_before}" "${headers_after}")
  # The stamp step runs again (the mint re-stamped), but its headers keep their mtimes, so ninja's
  # restat skips every includer.
  e2e_run(rebuild COMMAND "${NINJA}" -C "${bin}" app c_app)
  e2e_expect_contains("the stamp step ran" "${E2E_OUTPUT}" "Stamping kernel families of scope stencils")
  e2e_expect_not_contains("no application source recompiles" "${E2E_OUTPUT}" "object CMakeFiles/app.dir/app.cpp.o")
  e2e_expect_not_contains("not the C one either" "${E2E_OUTPUT}" "object CMakeFiles/c_app.dir/c_app.c.o")
else()
  message(STATUS "e2e: the re-mint moved a seat (dot ${dot} -> ${dot_after}, jacobi2d ${jacobi} -> ${jacobi_after}); "
    "the recompile check needs seats that hold")
endif()

# The tune target's comment fits a run that races nothing as well as one that races every family.
e2e_read(ninja_file "${bin}/build.ninja")
e2e_expect_contains("the tune target's comment" "${ninja_file}"
  "Bringing the tuning of every kernel family up to date on this machine")

e2e_run(bench-test COMMAND "${bin}/tune/stencils/bench" test)
e2e_expect_contains("every row is correct" "${E2E_OUTPUT}" "6 passed, 0 failed")

e2e_read(launched "${log}")
e2e_expect_contains("the project's launcher compiled the C rows" "${launched}" "tune_obj_jacobi2d__sweeps1_avx2.dir/jacobi2d.c.o")
e2e_expect_contains("and the C++ rows" "${launched}" "tune_obj_dot__unroll4.dir/dot.cpp.o")
e2e_read(commands "${bin}/compile_commands.json")
e2e_expect_matches("compile_commands.json has the rows' compiles" "${commands}" "-DTUNE_ENTRY=jacobi2d__sweeps1_avx2[^\n]*jacobi2d[.]c")
e2e_expect_not_contains("without cmake-tune's launcher" "${commands}" "compile-row.cmake")
e2e_finish()
