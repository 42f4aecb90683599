# Rows with large static buffers (issue 46), family smooth of tests/e2e/large-statics: 3 GiB of
# static data in the bench. The rows' buffers and initialized tables go to the large data sections:
# GCC's by -mcmodel=medium (cmake/tune/Rows.cmake), Clang's by the same flag and isolation, which
# moves a .bss, .data or .rodata that only 64-bit offsets reach to .lbss, .ldata or .lrodata
# (tuner/isolate/large_data.h). With each compiler (the project's, then CLANGXX) the bench links,
# every row passes its gate, and the program runs; the bench's .lbss is past 2 GiB, which the small
# code model cannot reach, and its initialized tables lie beyond it. Nothing is measured
# (TUNE_POLICY=fallback). The same rows forced into the small code model fail the bench's link
# with a message that says why and what to do.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
set(compilers "${CXX}")
if(CLANGXX AND NOT CLANGXX STREQUAL CXX)
  list(APPEND compilers "${CLANGXX}")
endif()
foreach(compiler IN LISTS compilers)
  get_filename_component(name "${compiler}" NAME)
  set(bin "${WORK_DIR}/build-${name}")
  e2e_configure(configure-${name} "${E2E_DIR}/large-statics" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release
    "-DCMAKE_CXX_COMPILER=${compiler}")
  e2e_build(build-${name} "${bin}" ENV TUNE_POLICY=fallback)
  e2e_run(gate-${name} COMMAND "${bin}/tune/statics/bench" test)
  e2e_expect_contains("the gate of every row (${name})" "${E2E_OUTPUT}" "12 passed, 0 failed")
  e2e_run(app-${name} COMMAND "${bin}/app")
  e2e_expect_contains("the program (${name})" "${E2E_OUTPUT}" "smooth=294")
  e2e_run(sections-${name} COMMAND "${OBJDUMP}" -h "${bin}/tune/statics/bench")
  if(NOT E2E_OUTPUT MATCHES "\\.lbss +([0-9a-f]+)")
    e2e_fail("the bench (${name}) has no .lbss section: the rows' buffers are not in the large data "
      "sections:\n${E2E_OUTPUT}")
    continue()
  endif()
  math(EXPR lbss "0x${CMAKE_MATCH_1}")
  math(EXPR limit "1 << 31")
  if(lbss LESS limit)
    e2e_fail("the bench's .lbss (${name}) holds ${lbss} bytes; the test needs more than 2 GiB (${limit}) to mean "
      "anything")
  endif()
  # objdump -h: name, size, VMA. Every copy of every row's two 128 KiB tables lies in the large
  # sections (GCC puts a volatile const in .ldata, Clang in .rodata, which isolation moves to
  # .lrodata), past 2 GiB, where the gate and the program read them.
  set(tables 0)
  foreach(section .lrodata .ldata)
    if(NOT E2E_OUTPUT MATCHES "\\${section} +([0-9a-f]+) +([0-9a-f]+)")
      continue()
    endif()
    math(EXPR tables "${tables} + 0x${CMAKE_MATCH_1}")
    math(EXPR at "0x${CMAKE_MATCH_2}")
    if(at LESS limit)
      e2e_fail("the bench's ${section} (${name}) starts at ${at}, within the 2 GiB the small code model reaches")
    endif()
  endforeach()
  math(EXPR expected "12 * 4 * 2 * (128 << 10)")
  if(NOT tables EQUAL expected)
    e2e_fail("the bench's .lrodata and .ldata (${name}) hold ${tables} bytes, not the ${expected} of the rows' "
      "initialized tables:\n${E2E_OUTPUT}")
  endif()
endforeach()

set(small "${WORK_DIR}/small-model")
e2e_configure(configure-small "${E2E_DIR}/large-statics" "${small}" Ninja -DCMAKE_BUILD_TYPE=Release -DSMALL_MODEL=ON)
e2e_build(build-small "${small}" MAY_FAIL ENV TUNE_POLICY=fallback)
e2e_expect_equal("the build with the rows in the small code model fails" "${E2E_RC}" 1)
string(REGEX REPLACE "[ \n]+" " " said "${E2E_OUTPUT}")
e2e_expect_contains("why the bench does not link" "${said}"
  "cmake-tune: the bench does not link: its static data passes the 2 GiB that code reaches in the small code model.")
e2e_expect_contains("what to do" "${said}" "Allocate large buffers at run time")
e2e_finish()
