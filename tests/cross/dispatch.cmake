# DISPATCH on aarch64: the program of dispatch/ cross-built once, then run under each QEMU CPU
# model, binds the seat of its own class's profile, and never a row above that class: every run
# exits 0 (a row above the class would die of SIGILL), and tune::status() names the class.
include("${E2E_DIR}/E2eLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
e2e_run(configure COMMAND "${CMAKE_COMMAND}" -S "${CMAKE_CURRENT_LIST_DIR}/dispatch" -B "${bin}" -G Ninja
  "-DCMAKE_MAKE_PROGRAM=${NINJA}" "-DCMAKE_TOOLCHAIN_FILE=${CMAKE_CURRENT_LIST_DIR}/aarch64-linux-gnu.toolchain.cmake"
  -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=${PREFIX}")
e2e_build(build "${bin}")
# The instruction check: every probe row holds to its ISA; sneaky's base row does not.
e2e_expect_contains("the build log" "${E2E_OUTPUT}" "cmake-tune: row sneaky__base is left out of the race")
e2e_read(text "${bin}/tune_rows/sneaky/sneaky__base.fail.txt")
e2e_unwrap(text "${text}")
e2e_expect_contains("why sneaky__base was left out" "${text}"
  "row sneaky__base contains an instruction that needs dotprod, which its requires= (nothing) does not promise")
e2e_expect_contains("the instruction named" "${text}" "sdot v0.4s, v1.16b, v2.16b")
file(GLOB refused "${bin}/tune_rows/probe/*.fail.txt")
e2e_expect_equal("probe rows the instruction check refused" "${refused}" "")
# The rows a search compiles get the same check: the manifest names the target's objdump for them.
e2e_read(manifest "${bin}/tune/arm/manifest.json")
string(JSON families LENGTH "${manifest}" families)
set(objdump "")
math(EXPR last "${families} - 1")
foreach(i RANGE ${last})
  string(JSON name GET "${manifest}" families ${i} name)
  if(name STREQUAL "searched")
    string(JSON objdump GET "${manifest}" families ${i} search objdump)
  endif()
endforeach()
e2e_expect_matches("the objdump of the searched family's rows" "${objdump}" "aarch64-linux-gnu-objdump$")

# <cpu model>|<TUNE_FORCE_FEATURES>|<class>|<row>|<SVE vector length in the box identity>. QEMU 7.2
# models no arm-sve CPU (SVE with i8mm and bf16, without SVE2, as Graviton 3): `max` without sve2
# stands for one. A64FX has SVE without dotprod: arm-neon, never a dotprod, i8mm or sve2 row. The
# vector length is QEMU's default where the model does not name one ("any").
set(cases
  "cortex-a53||arm-neon|neon|"
  "cortex-a72||arm-neon|neon|"
  "neoverse-n1||arm-dotprod|dotprod|"
  "max,sve=off||arm-i8mm|i8mm|"
  "max,sve128=on||arm-sve2|sve2|128"
  "max,sve256=on||arm-sve2|sve2|256"
  "max|-sve2|arm-sve|sve|any"
  "a64fx||arm-neon|neon|any")
foreach(case IN LISTS cases)
  string(REPLACE "|" ";" fields "${case}")
  list(GET fields 0 model)
  list(GET fields 1 force)
  list(GET fields 2 cls)
  list(GET fields 3 row)
  list(GET fields 4 sve)
  string(MAKE_C_IDENTIFIER "${model}${force}" step)
  e2e_run(${step} MAY_FAIL COMMAND "${CMAKE_COMMAND}" -E env "TUNE_FORCE_FEATURES=${force}"
    qemu-aarch64-static -cpu "${model}" -L /usr/aarch64-linux-gnu "${bin}/app")
  e2e_expect_equal("exit code of the DISPATCH program on ${model} ${force} (a SIGILL is not 0)" "${E2E_RC}" 0)
  e2e_expect_contains("the row bound on ${model} ${force}" "${E2E_OUTPUT}" "bound ${row} profile ${cls}|${cls}\n")
  # The box identity a mint there would record: the SVE vector length in it, never in the class.
  e2e_run(box-${step} COMMAND "${CMAKE_COMMAND}" -E env "TUNE_FORCE_FEATURES=${force}"
    qemu-aarch64-static -cpu "${model}" -L /usr/aarch64-linux-gnu "${bin}/tune/arm/bench" box)
  e2e_json(identity "${E2E_OUTPUT}" identity)
  e2e_json(box_class "${E2E_OUTPUT}" class)
  e2e_expect_equal("the bench's class on ${model} ${force}" "${box_class}" "${cls}")
  if(sve STREQUAL "")
    e2e_expect_not_contains("the box identity on ${model} (no SVE)" "${identity}" "sve-vl")
  elseif(sve STREQUAL "any")
    e2e_expect_matches("the box identity on ${model} (SVE)" "${identity}" " sve-vl [1-9][0-9]*[|]")
  else()
    e2e_expect_contains("the box identity on ${model}" "${identity}" " sve-vl ${sve}|")
  endif()
endforeach()
e2e_finish()
