# A family with a GENERATOR (docs/cmake-api.md "Generators"), built, tuned and run: the configure
# step runs the generator, its new row is compiled, raced and crowned (it does half the work of
# the best declared row), its duplicate is recorded and not built; the mint writes the race table
# where the configure step looks, so the next build configures again and the generator sees the
# table with its row in it; after that, builds run neither CMake nor the generator.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
set(src "${WORK_DIR}/src")
file(COPY "${E2E_DIR}/generator/" DESTINATION "${src}")
# The kernel is planted's: PASSES passes over the input, each of which the compiler must keep.
configure_file("${E2E_DIR}/project/planted.cpp" "${src}/passes.cpp" COPYONLY)
set(bin "${WORK_DIR}/build")
set(log "${src}/generator.log")

e2e_configure(configure "${src}" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release)
e2e_expect_contains("the configure step runs the generator" "${E2E_OUTPUT}"
  "tune_kernel_family(passes): GENERATOR proposed 4 row(s), 3 accepted")
e2e_read(calls "${log}")
e2e_expect_equal("the first request has no race table" "${calls}" "race=none\n")

set(meta_file "${bin}/passes_generate_meta.json")
e2e_read(meta "${meta_file}")
e2e_run(meta-schema COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-generate-meta-1.schema.json" "${meta_file}")
e2e_json(outcome "${meta}" proposals 0 outcome)
e2e_expect_equal("proposal 1 is accepted" "${outcome}" "accepted")
e2e_json(suffix "${meta}" proposals 0 suffix)
e2e_expect_equal("proposal 1 becomes row passes1" "${suffix}" "passes1")
e2e_json(basis "${meta}" proposals 0 basis)
e2e_expect_equal("proposal 1 keeps its basis" "${basis}" "one pass does half the work of two")
e2e_json(outcome "${meta}" proposals 1 outcome)
e2e_expect_equal("proposal 2 is a duplicate" "${outcome}" "duplicate")
e2e_json(twin "${meta}" proposals 1 duplicate_of)
e2e_expect_equal("proposal 2 duplicates the declared row" "${twin}" "passes2")
e2e_json(suffix "${meta}" proposals 2 suffix)
e2e_expect_equal("proposal 3 becomes the row it names" "${suffix}" "passes4_fp")
string(JSON race TYPE "${meta}" proposals 0 race)
e2e_expect_equal("before a mint, the meta file has no race result" "${race}" "NULL")
e2e_json(command "${meta}" command 1)
e2e_expect_equal("the meta file names the command" "${command}" "propose.sh")

e2e_build(first "${bin}")
e2e_expect_contains("the first build mints" "${E2E_OUTPUT}" "cmake-tune: scope gen tuned in")
e2e_read(sidecar "${bin}/gen.tune.json")
e2e_run(sidecar-schema COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-sidecar-1.schema.json" "${bin}/gen.tune.json")
e2e_json(winner "${sidecar}" race passes winner)
e2e_expect_equal("the generated row wins (half the work of passes2)" "${winner}" "passes1")
e2e_json(ms "${sidecar}" race passes rows passes1 median_ns)
e2e_expect_matches("the generated row was timed" "${ms}" "^[0-9.e+-]+$")
e2e_json(compile "${sidecar}" race passes rows passes4_fp compile)
e2e_expect_contains("the proposal's flag is in its row's compile" "${compile}" "-fno-omit-frame-pointer")
e2e_json(compile "${sidecar}" race passes rows passes4 compile)
e2e_expect_not_contains("and in no other row's" "${compile}" "-fno-omit-frame-pointer")
e2e_json(seat "${sidecar}" kernels passes)
e2e_expect_equal("the generated row is the seat" "${seat}" "passes1")
e2e_read(stamp "${bin}/tune/include/tune/kernels/passes.h")
e2e_expect_contains("the stamp names the generated row" "${stamp}" "passes__passes1")
e2e_expect_symbols("${bin}/app" HAS passes__passes1 LACKS passes__passes2 passes__passes4 passes__passes4_fp)
e2e_run(app COMMAND "${bin}/app")
e2e_json(table "${sidecar}" race passes)

# The mint raced the family: the next build configures again and the generator sees the table.
e2e_build(second "${bin}")
e2e_expect_contains("the new race table configures again" "${E2E_OUTPUT}"
  "tune_kernel_family(passes): GENERATOR proposed 4 row(s), 3 accepted")
e2e_read(calls "${log}")
e2e_expect_equal("the second request carries the race table with the generated row" "${calls}"
  "race=none\nrace=table with passes1\n")
e2e_expect_not_contains("the same rows race nothing" "${E2E_OUTPUT}" "@tune begin name=passes")
e2e_read(sidecar "${bin}/gen.tune.json")
e2e_json(table_after "${sidecar}" race passes)
e2e_expect_equal("the race table is kept" "${table_after}" "${table}")
# What became of each accepted proposal, from the race table the second request quoted.
e2e_read(meta "${meta_file}")
e2e_run(meta-schema-after COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-generate-meta-1.schema.json" "${meta_file}")
e2e_json(seat "${meta}" proposals 0 race seat)
e2e_expect_equal("the meta file says passes1 took the seat" "${seat}" "ON")
e2e_json(median "${meta}" proposals 0 race median_ns)
e2e_expect_matches("the meta file has passes1's time" "${median}" "^[0-9.e+-]+$")
e2e_json(seat "${meta}" proposals 2 race seat)
e2e_expect_equal("the meta file says passes4_fp did not" "${seat}" "OFF")
e2e_json(stage "${meta}" proposals 3 race failed)
e2e_expect_equal("the meta file says passesmany failed to compile" "${stage}" "compile")
e2e_json(stage "${sidecar}" race passes rows passesmany last_fail_reason stage)
e2e_expect_equal("the race table records passesmany's failure" "${stage}" "compile")

# Nothing changed since: no configure, no generator.
e2e_build(third "${bin}")
e2e_expect_not_contains("a no-change build does not configure" "${E2E_OUTPUT}" "GENERATOR")
e2e_read(calls "${log}")
e2e_expect_equal("a no-change build does not run the generator" "${calls}"
  "race=none\nrace=table with passes1\n")

# The configure step reads the table only from the trigger the stamp step writes, never the
# sidecar. A trigger cut short is reset with a warning and the generator asked with no table; the
# stamp step runs again and quotes the sidecar, so the next build configures with the table.
set(trigger "${bin}/tune/gen/generate/passes.race.json")
e2e_run(trigger-schema COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-generate-trigger-1.schema.json" "${trigger}")
# The request the configure step wrote (with the race table in it) and the answer it accepted.
e2e_run(request-schema COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-generate-request-1.schema.json"
  "${bin}/tune/gen/generate/passes.request.json")
e2e_run(proposals-schema COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-generate-proposals-1.schema.json"
  "${bin}/tune/gen/generate/passes.proposals.json")
file(WRITE "${trigger}" "{\"format\": ")
e2e_build(cut-trigger "${bin}")
e2e_expect_matches("a cut trigger is reset with a warning" "${E2E_OUTPUT}"
  "GENERATOR gets no race table:[ \n]+its[ \n]+trigger[ \n]+[^ ]+passes.race.json[ \n]+is[ \n]+unreadable")
e2e_read(calls "${log}")
e2e_expect_equal("after the reset the generator is told of no table" "${calls}"
  "race=none\nrace=table with passes1\nrace=none\n")
e2e_expect_not_contains("the same rows race nothing after the reset" "${E2E_OUTPUT}" "@tune begin name=passes")
e2e_read(quote "${trigger}")
e2e_json(quoted "${quote}" race winner)
e2e_expect_equal("the stamp step wrote the sidecar's table to the trigger" "${quoted}" "passes1")
e2e_build(requoted "${bin}")
e2e_read(calls "${log}")
e2e_expect_equal("the stamp step quoted the sidecar again" "${calls}"
  "race=none\nrace=table with passes1\nrace=none\nrace=table with passes1\n")
e2e_build(settled "${bin}")
e2e_expect_not_contains("then builds run neither CMake nor the generator" "${E2E_OUTPUT}" "GENERATOR")

# A new VERSION: the quote in the trigger is of VERSION 1, so the configure step quotes nothing; the
# build mints VERSION 2 and its stamp step quotes that table, which the next build configures with.
e2e_read(lists "${src}/CMakeLists.txt")
string(REPLACE "tune_scope(gen)" "tune_scope(gen VERSION 2)" lists "${lists}")
file(WRITE "${src}/CMakeLists.txt" "${lists}")
e2e_build(version-2 "${bin}")
e2e_expect_contains("the new VERSION mints" "${E2E_OUTPUT}" "cmake-tune: scope gen tuned in")
e2e_read(calls "${log}")
e2e_expect_equal("VERSION 1's table is not quoted for VERSION 2" "${calls}"
  "race=none\nrace=table with passes1\nrace=none\nrace=table with passes1\nrace=none\n")
e2e_build(version-2-quoted "${bin}")
e2e_read(calls "${log}")
e2e_expect_equal("VERSION 2's table is quoted once it is minted" "${calls}"
  "race=none\nrace=table with passes1\nrace=none\nrace=table with passes1\nrace=none\nrace=table with passes1\n")

# A re-mint that moves no seat changes the race's times, so the generator is asked again: that
# reconfigure compiles nothing, and then the build has nothing to do (issue 46).
e2e_expect_remint_compiles_nothing(remint-target "${bin}" "no work to do"
  COMMAND "${CMAKE_COMMAND}" -E env TUNE_ALL=1 "${CMAKE_COMMAND}" --build "${bin}" --target tune)
e2e_expect_remint_compiles_nothing(remint-all "${bin}" "no work to do"
  COMMAND "${PREFIX}/bin/tune" mint --all --build-dir "${bin}")

e2e_finish()
