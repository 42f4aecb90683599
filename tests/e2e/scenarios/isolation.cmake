# Row isolation (docs/cmake-api.md, tune_kernel_family): two rows of one source compiled under different ISA flags each keep
# their own copy of a shared inline helper and template, as local symbols; the isolated object
# exports nothing but the entry, and each relocated copy (for the bench's re-race) holds the same
# .text and exports nothing but its renamed entry. A source that exports another function fails the build, naming it;
# so does a source that lacks a companion the family declares. Each row's identities: rows of
# the same code share a code identity; a comment in a header changes what the compiles read (the
# recipe), not the code; a real change of the header changes the code.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

# Copied, so the header edits below never touch the source tree.
e2e_fresh_dir()
set(project "${WORK_DIR}/src")
file(COPY "${E2E_DIR}/isolation/" DESTINATION "${project}")

# The placements the bench re-races at: every row must have that many relocated copies.
file(STRINGS "${REPO}/tuner/include/tune/bench/registry.h" placements
  REGEX "^inline constexpr int relocated_copies = [0-9]+")
if(NOT placements MATCHES "= ([0-9]+)")
  e2e_fail("${REPO}/tuner/include/tune/bench/registry.h declares no `inline constexpr int relocated_copies = <n>;`")
endif()
set(placements "${CMAKE_MATCH_1}")

# e2e_expect_only_export(<what> <object> <function>): the object's one global definition is the
# kernel-shaped <function>(int const*, unsigned long).
function(e2e_expect_only_export what object function)
  execute_process(COMMAND "${NM}" -C -g --defined-only "${object}" OUTPUT_VARIABLE globals)
  string(STRIP "${globals}" globals)
  if(NOT globals MATCHES "^[0-9a-f]+ T ${function}\\(int const\\*, unsigned long\\)$")
    e2e_fail("${what} must export exactly ${function}; nm -g --defined-only lists:\n${globals}")
  endif()
endfunction()

# e2e_objcopy_text(<hash out> <size out> <object>): the SHA-256 and size of the object's .text.
function(e2e_objcopy_text hash_out size_out object)
  execute_process(COMMAND "${OBJCOPY}" -O binary --only-section=.text "${object}" "${object}.text"
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    e2e_fail("${OBJCOPY} -O binary --only-section=.text ${object}: ${err}")
  endif()
  file(SHA256 "${object}.text" hash)
  file(SIZE "${object}.text" size)
  set(${hash_out} "${hash}" PARENT_SCOPE)
  set(${size_out} "${size}" PARENT_SCOPE)
endfunction()

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
  e2e_expect_only_export("row ${suffix}: the isolated object" "${object}" "shared__${suffix}")

  # The relocated copies for the re-race: the same machine code under the entry's relocated names,
  # one per placement the bench re-races at.
  file(GLOB copies "${bin}/tune_rows/shared/relocated/tune_relocated*__shared__${suffix}.o")
  set(expected "")
  foreach(k RANGE 1 ${placements})
    list(APPEND expected "${bin}/tune_rows/shared/relocated/tune_relocated${k}__shared__${suffix}.o")
  endforeach()
  if(NOT copies STREQUAL expected)
    e2e_fail("row ${suffix}: the relocated copies must be placements 1 to ${placements} (tune::bench::relocated_copies); found: ${copies}")
  endif()
  e2e_objcopy_text(text_hash text_size "${object}")
  if(text_size EQUAL 0)
    e2e_fail("row ${suffix}: the isolated object ${object} has an empty .text")
  endif()
  foreach(copy IN LISTS copies)
    get_filename_component(name "${copy}" NAME_WE)
    e2e_expect_only_export("row ${suffix}: the relocated copy ${copy}" "${copy}" "${name}")
    e2e_objcopy_text(copy_hash copy_size "${copy}")
    if(NOT copy_hash STREQUAL text_hash)
      e2e_fail("row ${suffix}: the .text of ${copy} (${copy_hash}) is not the row's (${text_hash}, ${text_size} bytes)")
    endif()
  endforeach()
endforeach()

# e2e_identity(<code out> <inputs out> <inputs hash out> <suffix>): row ignored__<suffix>'s
# identity record, as its isolation wrote it.
function(e2e_identity code_out inputs_out inputs_hash_out suffix)
  set(record "${bin}/tune_rows/ignored/ignored__${suffix}.identity.json")
  e2e_expect_exists("${record}")
  e2e_read(text "${record}")
  e2e_json(code "${text}" code_sha256)
  e2e_json(inputs_hash "${text}" inputs_sha256)
  foreach(hash IN ITEMS "${code}" "${inputs_hash}")
    if(NOT hash MATCHES "^[0-9a-f]+$")
      e2e_fail("row ignored__${suffix}: ${record} must hold code_sha256 and inputs_sha256; it holds:\n${text}")
    endif()
  endforeach()
  string(JSON count LENGTH "${text}" inputs)
  set(inputs "")
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON input GET "${text}" inputs ${i})
    list(APPEND inputs "${input}")
  endforeach()
  set(${code_out} "${code}" PARENT_SCOPE)
  set(${inputs_out} "${inputs}" PARENT_SCOPE)
  set(${inputs_hash_out} "${inputs_hash}" PARENT_SCOPE)
endfunction()

# e2e_identities(<prefix>): <prefix>_code_<suffix> and <prefix>_inputs_<suffix> for each row.
macro(e2e_identities prefix)
  foreach(suffix step1 step2 step3)
    e2e_identity(${prefix}_code_${suffix} ${prefix}_list_${suffix} ${prefix}_inputs_${suffix} ${suffix})
  endforeach()
endmacro()

e2e_build(build-ignored-rows "${bin}" TARGET tune_rows_ignored)
e2e_identities(first)
foreach(input "${project}/ignored.cpp" "${project}/ignored_helper.h")
  if(NOT input IN_LIST first_list_step1)
    e2e_fail("row ignored__step1: the files its compile read must include ${input}; the record lists ${first_list_step1}")
  endif()
endforeach()
if(NOT first_list_step1 MATCHES "/tune/kernel\\.h(;|$)")
  e2e_fail("row ignored__step1: the files its compile read must include tune/kernel.h; the record lists ${first_list_step1}")
endif()
e2e_expect_equal("rows step1 and step2 compile to the same code: their code identities" "${first_code_step1}"
  "${first_code_step2}")
if(first_code_step1 STREQUAL first_code_step3)
  e2e_fail("row step3 adds 3 * n: its code identity must differ from step1's (${first_code_step1})")
endif()

# A comment in the header: every row compiles again, the code is the same, the recipe is not.
file(APPEND "${project}/ignored_helper.h" "// a comment added by the e2e test\n")
e2e_build(comment-ignored-rows "${bin}" TARGET tune_rows_ignored)
e2e_expect_matches("a comment in the header isolates the row again" "${E2E_OUTPUT}" "Isolating kernel rows? ignored__")
e2e_identities(comment)
foreach(suffix step1 step2 step3)
  e2e_expect_equal("row ${suffix}'s code identity after a comment in its header" "${comment_code_${suffix}}"
    "${first_code_${suffix}}")
  if(comment_inputs_${suffix} STREQUAL first_inputs_${suffix})
    e2e_fail("row ${suffix}: the header its compile read changed, but the hash of its inputs did not")
  endif()
endforeach()

# A real change of the header: the code of every row changes, and step1 and step2 stay one code.
file(READ "${project}/ignored_helper.h" helper)
string(REPLACE "2 * x" "5 * x" helper "${helper}")
file(WRITE "${project}/ignored_helper.h" "${helper}")
e2e_build(change-ignored-rows "${bin}" TARGET tune_rows_ignored)
e2e_identities(changed)
foreach(suffix step1 step2 step3)
  if(changed_code_${suffix} STREQUAL first_code_${suffix})
    e2e_fail("row ${suffix}: its header now multiplies by 5, but its code identity did not change")
  endif()
endforeach()
e2e_expect_equal("rows step1 and step2 after the header's change" "${changed_code_step1}" "${changed_code_step2}")

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
