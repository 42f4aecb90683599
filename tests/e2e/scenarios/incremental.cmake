# Incremental re-mints (docs/design/candidates.md "Incremental re-mints"): a re-mint races only the
# families whose code changed since their last race on this box, and keeps the others' seats and
# race tables byte for byte. On three families of one scope: a comment-only edit races nothing; a
# real edit of one kernel, or of one fixture, re-races that family alone in the same build and
# says why; a `tune` target with nothing changed races nothing; --all and TUNE_ALL=1 race every
# family. The project is copied first, so the source tree is never modified.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
set(src "${WORK_DIR}/src")
file(COPY "${E2E_DIR}/incremental/" DESTINATION "${src}")
set(bin "${WORK_DIR}/build")
set(sidecar "${bin}/inc.tune.json")
set(families alpha beta gamma)
# One kernel source per family, each its own file, so an edit of one touches no other.
foreach(family IN LISTS families)
  configure_file("${src}/kernel.cpp.in" "${src}/${family}.cpp" COPYONLY)
endforeach()

# e2e_race_tables(<prefix>): each family's race table as the sidecar holds it, in <prefix>_<family>.
macro(e2e_race_tables prefix)
  e2e_read(_doc "${sidecar}")
  foreach(_family IN LISTS families)
    e2e_json(${prefix}_${_family} "${_doc}" race ${_family})
  endforeach()
endmacro()

# e2e_expect_raced(<what> <family>...): the build output raced exactly these families.
function(e2e_expect_raced what)
  foreach(family IN LISTS families)
    if(family IN_LIST ARGN)
      e2e_expect_contains("${what}: races ${family}" "${E2E_OUTPUT}" "@tune begin name=${family}")
    else()
      e2e_expect_not_contains("${what}: does not race ${family}" "${E2E_OUTPUT}" "@tune begin name=${family}")
    endif()
  endforeach()
endfunction()

# e2e_expect_tables(<what> <before prefix> <after prefix> <changed family>...): the others' race
# tables are byte-identical, the changed ones' are not.
function(e2e_expect_tables what before after)
  foreach(family IN LISTS families)
    if(family IN_LIST ARGN)
      if("${${after}_${family}}" STREQUAL "${${before}_${family}}")
        e2e_fail("${what}: race.${family} did not change, so it was not raced again")
      endif()
    else()
      e2e_expect_equal("${what}: race.${family} is kept byte for byte" "${${after}_${family}}" "${${before}_${family}}")
    endif()
  endforeach()
endfunction()

e2e_configure(configure "${src}" "${bin}" Ninja -DCMAKE_BUILD_TYPE=Release)
e2e_build(first "${bin}")
e2e_expect_contains("the first build mints every family" "${E2E_OUTPUT}" "cmake-tune: scope inc tuned in")
e2e_expect_raced("the first build" ${families})
e2e_race_tables(first)
foreach(family IN LISTS families)
  e2e_json(fixture "${first_${family}}" fixture_sha256)
  e2e_expect_matches("race.${family} records its fixture's code identity" "${fixture}" "^[0-9a-f]+$")
endforeach()

# A comment-only edit: the row recompiles, its code is the same, nothing is raced or written.
file(READ "${sidecar}" sidecar_before)
file(APPEND "${src}/beta.cpp" "// a comment added by the e2e test\n")
e2e_build(comment "${bin}")
e2e_expect_matches("a comment-only edit recompiles beta's rows" "${E2E_OUTPUT}" "Isolating kernel rows? beta__")
e2e_expect_raced("a comment-only edit")
file(READ "${sidecar}" sidecar_after)
e2e_expect_equal("a comment-only edit leaves the sidecar as it was" "${sidecar_after}" "${sidecar_before}")

# A comment in alpha beside a real edit of gamma: gamma alone is raced; alpha, recompiled to the
# same code, is kept (here the bench's code changed, so the decision is the re-mint's).
file(APPEND "${src}/alpha.cpp" "// another comment added by the e2e test\n")
file(READ "${src}/gamma.cpp" gamma)
string(REPLACE "float s = 0;" "float s = 0;\n  __asm__ volatile(\"nop\");" edited "${gamma}")
file(WRITE "${src}/gamma.cpp" "${edited}")
e2e_race_tables(before_gamma)
e2e_build(comment-alpha-edit-gamma "${bin}")
e2e_expect_matches("a comment in alpha recompiles alpha's rows" "${E2E_OUTPUT}" "Isolating kernel rows? alpha__")
e2e_expect_raced("a comment in alpha, an edit of gamma" gamma)
e2e_race_tables(gamma_kernel_edited)
e2e_expect_tables("a comment in alpha, an edit of gamma" before_gamma gamma_kernel_edited gamma)

# A real edit of beta's kernel: beta alone is raced again, in the same build, and the build says why.
file(READ "${src}/beta.cpp" beta)
string(REPLACE "float s = 0;" "float s = 0;\n  __asm__ volatile(\"nop\");" edited "${beta}")
e2e_expect_matches("the edit changes beta's source" "${edited}" "volatile\\(\"nop\"\\);\n  for")
file(WRITE "${src}/beta.cpp" "${edited}")
e2e_build(edit-beta "${bin}")
e2e_expect_raced("an edit of beta's kernel" beta)
e2e_expect_contains("an edit of beta's kernel: why beta" "${E2E_OUTPUT}"
  "tuning scope inc on this box: 1 of 3 families (beta), because beta: row nops0's code changed")
e2e_expect_contains("an edit of beta's kernel: the others kept" "${E2E_OUTPUT}"
  "kept as the sidecar has them: alpha, gamma")
e2e_expect_matches("the summary says why alpha was kept" "${E2E_OUTPUT}"
  "\n  alpha [^\n]*\n    kept from the sidecar as it was: its last race on this box measured the code it has now\n")
e2e_race_tables(beta_edited)
e2e_expect_tables("an edit of beta's kernel" gamma_kernel_edited beta_edited beta)
e2e_run(verdict-after-edit COMMAND "${PREFIX}/bin/tune" verdict --build-dir "${bin}")
e2e_expect_contains("fresh after the incremental re-mint" "${E2E_OUTPUT}" "inc: fresh")

# The tune target with nothing changed races nothing and writes nothing.
file(READ "${sidecar}" sidecar_before)
e2e_build(tune-unchanged "${bin}" TARGET tune)
e2e_expect_raced("the tune target, nothing changed")
e2e_expect_contains("the tune target, nothing changed" "${E2E_OUTPUT}"
  "cmake-tune: scope inc: nothing raced: every family's last race on this box measured the code it has now")
file(READ "${sidecar}" sidecar_after)
e2e_expect_equal("the tune target, nothing changed, leaves the sidecar as it was" "${sidecar_after}" "${sidecar_before}")

# A real edit of gamma's fixture: gamma alone.
file(READ "${src}/gamma_fixture.cpp" fixture)
string(REPLACE "2048" "4096" edited "${fixture}")
file(WRITE "${src}/gamma_fixture.cpp" "${edited}")
e2e_build(edit-gamma-fixture "${bin}")
e2e_expect_raced("an edit of gamma's fixture" gamma)
e2e_expect_contains("an edit of gamma's fixture: why" "${E2E_OUTPUT}" "because gamma: its fixture's code changed")
e2e_race_tables(gamma_edited)
e2e_expect_tables("an edit of gamma's fixture" beta_edited gamma_edited gamma)

# A new row of beta: `tune mint --only-new` races it against beta's seat, fallback and reference
# (nops0, the first value, is both of the latter), and beta's other row keeps its result, marked
# with the mint that measured it; alpha and gamma are kept. A build after it races nothing.
e2e_race_tables(before_new_row)
e2e_read(doc "${sidecar}")
e2e_json(beta_seat "${doc}" kernels beta)
# When beta was raced (the edit of its kernel), which the sidecar has written since.
e2e_json(beta_measured "${before_new_row_beta}" measured)
e2e_json(written "${doc}" provenance written)
e2e_expect_matches("race.beta records when it was measured" "${beta_measured}" "^20[0-9-]+T[0-9:]+Z$")
if(beta_measured STREQUAL written)
  e2e_fail("race.beta.measured is the sidecar's last write (${written}), though beta was kept by the mints since")
endif()
e2e_configure(add-row "${src}" "${bin}" Ninja -DINC_NEW_NOPS_beta=2)
e2e_build(bench-with-new-row "${bin}" TARGET tune_bench_inc)
e2e_run(only-new COMMAND "${PREFIX}/bin/tune" mint --only-new --build-dir "${bin}")
e2e_expect_raced("tune mint --only-new" beta)
e2e_race_tables(only_new)
e2e_expect_tables("tune mint --only-new" before_new_row only_new beta)
e2e_json(median "${only_new_beta}" rows nops2 median_ns)
e2e_expect_matches("the new row was timed" "${median}" "^[0-9.e+-]+$")
e2e_json(carried "${only_new_beta}" rows nops2 carried_from)
e2e_expect_matches("the new row is not carried" "${carried}" "^<missing")
if(beta_seat STREQUAL "nops0")
  e2e_expect_contains("tune mint --only-new: what races" "${E2E_OUTPUT}"
    "--only-new: family beta races its new rows (nops2) against nops0; its other rows keep their results from the mint of ${beta_measured}")
  e2e_json(carried "${only_new_beta}" rows nops1 carried_from)
  e2e_expect_equal("nops1 keeps its result, marked with beta's race" "${carried}" "${beta_measured}")
  e2e_json(kept_median "${before_new_row_beta}" rows nops1 median_ns)
  e2e_json(median "${only_new_beta}" rows nops1 median_ns)
  e2e_expect_equal("nops1's result is the one measured before" "${median}" "${kept_median}")
  e2e_run(explain-carried COMMAND "${PREFIX}/bin/tune" explain beta --build-dir "${bin}")
  e2e_expect_contains("explain says which row was measured earlier" "${E2E_OUTPUT}"
    "measured by the mint of ${beta_measured}, not this one (tune mint --only-new)")
else()
  # nops1 holds the seat (a tie the race settled for it): both old rows anchor the race.
  e2e_expect_contains("tune mint --only-new: what races" "${E2E_OUTPUT}"
    "--only-new: family beta races its new rows (nops2) against nops0, nops1")
endif()
if(SCHEMA_CHECK)
  e2e_run(schema COMMAND "${SCHEMA_CHECK}" "${REPO}/docs/schemas/tune-sidecar-1.schema.json" "${sidecar}")
endif()
e2e_build(after-only-new "${bin}")
e2e_expect_raced("a build after tune mint --only-new")
e2e_run(only-new-with-env MAY_FAIL COMMAND "${CMAKE_COMMAND}" -E env TUNE_ALL=1 "${PREFIX}/bin/tune" mint --only-new
  --build-dir "${bin}")
if(E2E_RC EQUAL 0)
  e2e_fail("tune mint --only-new under TUNE_ALL=1 succeeded; the environment must not widen it silently")
endif()
e2e_expect_contains("--only-new under TUNE_ALL=1" "${E2E_OUTPUT}" "--only-new with TUNE_ALL or TUNE_ONLY set")

# Everything, on request: tune mint --all, and TUNE_ALL=1 on the tune target.
e2e_run(mint-all COMMAND "${PREFIX}/bin/tune" mint --all --build-dir "${bin}")
e2e_expect_raced("tune mint --all" ${families})
e2e_expect_contains("tune mint --all: why" "${E2E_OUTPUT}" "because --all / TUNE_ALL races every family")
e2e_race_tables(all)
e2e_expect_tables("tune mint --all" gamma_edited all ${families})
e2e_build(tune-all "${bin}" TARGET tune ENV TUNE_ALL=1)
e2e_expect_raced("TUNE_ALL=1 on the tune target" ${families})
e2e_build(tune-bad-all "${bin}" MAY_FAIL TARGET tune ENV TUNE_ALL=maybe)
if(E2E_RC EQUAL 0)
  e2e_fail("TUNE_ALL=maybe on the tune target succeeded; a value that is neither on nor off must fail it")
endif()
e2e_expect_contains("TUNE_ALL=maybe" "${E2E_OUTPUT}" "TUNE_ALL='maybe' is neither on nor off")
e2e_run(app COMMAND "${bin}/app")
e2e_finish()
