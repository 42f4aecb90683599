# Row isolation (kernels.md): two rows of one source compiled under different ISA flags each keep
# their own copy of a shared inline helper and template, as local symbols; the isolated object
# exports nothing but the entry. A source that exports another function fails the build, naming it;
# so does a source that lacks a companion the family declares.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

set(project "${E2E_DIR}/isolation")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
e2e_configure(configure "${project}" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release)
e2e_build(build-rows "${bin}" TARGET tune_rows_shared)

# The rows as the manifest lists them: base and the architecture's wide ISA.
e2e_read(manifest "${bin}/tune/iso/manifest.json")
set(rows "")
foreach(i 0 1)
  e2e_json(suffix "${manifest}" families 0 rows ${i} suffix)
  list(APPEND rows "${suffix}")
endforeach()
if(NOT rows MATCHES "^base;(avx2|neon)$")
  e2e_fail("the manifest of scope iso should list rows base and avx2 (or neon), in that order; it lists ${rows}")
endif()

foreach(suffix IN LISTS rows)
  # Before isolation the helper is a weak global: the linker could share it between rows.
  set(raw "${bin}/CMakeFiles/tune_obj_shared__${suffix}.dir/shared.cpp.o")
  e2e_symbols(raw_syms "${raw}")
  set(raw_syms "\n${raw_syms}")
  if(NOT raw_syms MATCHES "\n[0-9a-f]+ W e2e_shared_helper\\(int\\)\n")
    e2e_fail("the compiled (not yet isolated) row ${suffix} should hold e2e_shared_helper as a weak global (W); "
      "without that this test proves nothing. nm -C ${raw}:\n${raw_syms}")
  endif()

  set(object "${bin}/tune_rows/shared/shared__${suffix}.o")
  e2e_expect_exists("${object}")
  e2e_symbols(syms "${object}")
  set(syms "\n${syms}")
  foreach(local "e2e_shared_helper\\(int\\)" "int e2e_shared_sum<int>\\(int const\\*, unsigned long\\)")
    if(NOT syms MATCHES "\n[0-9a-f]+ t ${local}\n")
      e2e_fail("row ${suffix}: ${local} is not a local text symbol (t) of its isolated object. nm -C ${object}:\n${syms}")
    endif()
  endforeach()
  execute_process(COMMAND "${NM}" -C -g --defined-only "${object}" OUTPUT_VARIABLE globals)
  string(STRIP "${globals}" globals)
  if(NOT globals MATCHES "^[0-9a-f]+ T shared__${suffix}\\(int const\\*, unsigned long\\)$")
    e2e_fail("row ${suffix}: the isolated object must export exactly its entry shared__${suffix}; "
      "nm -g --defined-only lists:\n${globals}")
  endif()

  # The relocated copy for the re-race: the same machine code under the entry's relocated name.
  set(copy "${bin}/tune_rows/shared/relocated/tune_relocated__shared__${suffix}.o")
  e2e_expect_exists("${copy}")
  execute_process(COMMAND "${NM}" -C -g --defined-only "${copy}" OUTPUT_VARIABLE globals)
  string(STRIP "${globals}" globals)
  if(NOT globals MATCHES "^[0-9a-f]+ T tune_relocated__shared__${suffix}\\(int const\\*, unsigned long\\)$")
    e2e_fail("row ${suffix}: the relocated copy must export exactly tune_relocated__shared__${suffix}; "
      "nm -g --defined-only lists:\n${globals}")
  endif()
  foreach(file "${object}" "${copy}")
    execute_process(COMMAND "${OBJCOPY}" -O binary --only-section=.text "${file}" "${file}.text"
      RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      e2e_fail("${OBJCOPY} -O binary --only-section=.text ${file}: ${err}")
    endif()
  endforeach()
  file(SHA256 "${object}.text" text_hash)
  file(SHA256 "${copy}.text" copy_hash)
  file(SIZE "${object}.text" text_size)
  if(text_size EQUAL 0 OR NOT text_hash STREQUAL copy_hash)
    e2e_fail("row ${suffix}: the relocated copy's .text (${copy_hash}) is not the row's (${text_hash}, ${text_size} bytes)")
  endif()
endforeach()

set(leak_bin "${WORK_DIR}/build-leak")
e2e_configure(configure-leak "${project}" "${leak_bin}" Ninja -DCMAKE_BUILD_TYPE=Release -DE2E_LEAK=ON)
e2e_build(build-leaky-rows "${leak_bin}" MAY_FAIL TARGET tune_rows_leaky)
if(E2E_RC EQUAL 0)
  e2e_fail("the rows of family leaky, whose source exports e2e_leaked_function, built; isolation must fail them")
endif()
e2e_unwrap(output "${E2E_OUTPUT}")
e2e_expect_matches("build of leaky's rows (the isolation message naming the symbol)" "${output}"
  "cmake-tune: row leaky__[a-z0-9]+ [a-z ]*exports symbols besides its entry[a-z ]*: e2e_leaked_function\\(int\\)")
e2e_build(build-lonely-rows "${leak_bin}" MAY_FAIL TARGET tune_rows_lonely)
if(E2E_RC EQUAL 0)
  e2e_fail("the rows of family lonely, which declares COMPANIONS layout that its source lacks, built; isolation must "
    "fail them")
endif()
e2e_unwrap(output "${E2E_OUTPUT}")
set(expected "cmake-tune: row lonely__[a-z0-9]+ defines no companion function named layout__[a-z0-9]+\\. ")
string(APPEND expected "The family declares COMPANIONS layout: every row's sources must define TUNE_COMPANION\\(layout\\)")
e2e_expect_matches("build of lonely's rows (the isolation message naming the companion)" "${output}" "${expected}")
e2e_finish()
