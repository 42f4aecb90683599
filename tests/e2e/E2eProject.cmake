# What a build of the e2e project (tests/e2e/project) must leave behind. The project has two
# families in scope e2e: `planted` (PASSES 4 2 1: passes1 does a quarter of the fallback's
# work; reference passes2) and `twins` (COPY=a, b, c: rows of one speed, copya and copyb the same
# code; fallback copya).

set(E2E_PROJECT "${E2E_DIR}/project")
set(E2E_TOOL "${PREFIX}/bin/tune")
set(E2E_MINT_SUMMARY "cmake-tune: scope e2e tuned in")
set(E2E_ROWS_planted passes4 passes2 passes1)
set(E2E_ROWS_twins copya copyb copyc)

# e2e_expect_stamp(<include dir> <family> <suffix> <source>): the header's comment line.
function(e2e_expect_stamp include family suffix source)
  e2e_read(_header "${include}/tune/kernels/${family}.h")
  e2e_expect_contains("stamp header ${family}.h" "${_header}" "${family} = ${suffix} (source: ${source}")
endfunction()

# e2e_expect_linked(<app> <planted row> <twins row>): the app holds exactly the stamped rows.
function(e2e_expect_linked app planted twins)
  set(_lacks "")
  foreach(_family planted twins)
    foreach(_suffix IN LISTS E2E_ROWS_${_family})
      if(NOT _suffix STREQUAL "${${_family}}")
        list(APPEND _lacks "${_family}__${_suffix}")
      endif()
    endforeach()
  endforeach()
  e2e_expect_symbols("${app}" HAS "planted__${planted}" "twins__${twins}" LACKS ${_lacks})
  # The rows' relocated copies share the family's archive; only the bench may pull them.
  e2e_symbols(_syms "${app}")
  e2e_expect_not_contains("nm ${app} (a relocated copy is linked)" "${_syms}" "tune_relocated")
endfunction()

# e2e_expect_app_runs(<app>)
function(e2e_expect_app_runs app)
  e2e_run(run-app MAY_FAIL COMMAND "${app}")
  e2e_expect_equal("exit code of ${app}" "${E2E_RC}" 0)
  e2e_expect_contains("output of ${app}" "${E2E_OUTPUT}" "planted=1000 twins=1000")
endfunction()

# e2e_expect_race_rows(<sidecar json> <family>): every row of the family is in the race table,
# and every row that was measured carries its impl_hash and its code identity.
function(e2e_expect_race_rows sidecar family)
  e2e_json_members(_rows "${sidecar}" race ${family} rows)
  list(SORT _rows)
  set(_want ${E2E_ROWS_${family}})
  list(SORT _want)
  e2e_expect_equal("rows of the race table of ${family}" "${_rows}" "${_want}")
  foreach(_row IN LISTS _rows)
    string(JSON _rejected ERROR_VARIABLE _not_rejected GET "${sidecar}" race ${family} rows ${_row} rejected)
    if(NOT _not_rejected)
      continue()
    endif()
    foreach(_identity impl_hash code_sha256)
      e2e_json(_hash "${sidecar}" race ${family} rows ${_row} ${_identity})
      if(NOT _hash MATCHES "^[0-9a-f]+$")
        e2e_fail("race.${family}.rows.${_row} was measured but has no ${_identity} (got '${_hash}')")
      endif()
    endforeach()
  endforeach()
endfunction()

# e2e_expect_direct_call(<callsite exe>): through_stamp (planted through its stamp) and
# direct_call (planted__passes1 by name) disassemble to the same instructions, and both name the
# row: the stamp adds no pointer, no lookup, no extra frame.
function(e2e_expect_direct_call exe)
  set(_bodies "")
  foreach(_fn through_stamp direct_call)
    e2e_run(objdump-${_fn} COMMAND "${OBJDUMP}" -d -C --no-show-raw-insn --no-addresses "--disassemble=${_fn}" "${exe}")
    string(REGEX REPLACE "^.*<${_fn}>:\n" "" _body "${E2E_OUTPUT}")
    string(REGEX REPLACE "[ \t]+" " " _body "${_body}")
    string(STRIP "${_body}" _body)
    if(NOT _body MATCHES "(call|jmp)[^\n]*<planted__passes1")
      e2e_fail("${_fn} in ${exe} does not call planted__passes1 directly:\n${_body}")
    endif()
    list(APPEND _bodies "${_body}")
  endforeach()
  list(GET _bodies 0 _stamp)
  list(GET _bodies 1 _direct)
  e2e_expect_equal("disassembly of through_stamp vs direct_call" "${_stamp}" "${_direct}")
endfunction()

# e2e_expect_minted(<build output> <sidecar> <include dir> <app>): a build under policy auto
# measured on this box, crowned the planted winner, kept the twins' fallback and linked only them.
function(e2e_expect_minted output sidecar include app)
  e2e_expect_contains("build output (policy auto must mint an untuned tree)" "${output}" "${E2E_MINT_SUMMARY}")
  e2e_read(_json "${sidecar}")
  e2e_json(_planted "${_json}" kernels planted)
  e2e_expect_equal("sidecar kernels.planted (the planted 4x/2x winner)" "${_planted}" passes1)
  e2e_json(_twins "${_json}" kernels twins)
  e2e_expect_equal("sidecar kernels.twins (identical rows: the fallback keeps its seat)" "${_twins}" copya)
  # Not crowned: no row beat the fallback (holds, tie), or one screened ahead and the validation
  # re-race took the seat back (demoted; seen under the sanitizers' slower, noisier bench). A
  # false win would be `won`.
  e2e_json(_verdict "${_json}" race twins verdict)
  if(NOT _verdict MATCHES "^(holds|tie|demoted)$")
    e2e_fail("sidecar race.twins.verdict: expected holds, tie or demoted, got '${_verdict}'")
  endif()
  # The 4x row kept its seat through the re-races on the rows' relocated copies.
  e2e_json(_note "${_json}" race planted note)
  e2e_expect_contains("sidecar race.planted.note" "${_note}" "relocated re-race")
  e2e_expect_race_rows("${_json}" planted)
  e2e_expect_race_rows("${_json}" twins)
  # Rows of the same code are one candidate (docs/sidecar.md): copyb is listed against copya, with
  # no timing of its own; copyc, different code, was raced.
  e2e_json(_same "${_json}" race twins rows copyb same_code_as)
  e2e_expect_equal("sidecar race.twins.rows.copyb.same_code_as" "${_same}" copya)
  e2e_json(_timed "${_json}" race twins rows copyb median_ns)
  e2e_expect_matches("sidecar race.twins.rows.copyb has no time of its own" "${_timed}" "^<missing")
  e2e_json(_timed "${_json}" race twins rows copyc median_ns)
  e2e_expect_matches("sidecar race.twins.rows.copyc was timed" "${_timed}" "^[0-9.e+-]+$")
  e2e_json(_a "${_json}" race twins rows copya code_sha256)
  e2e_json(_b "${_json}" race twins rows copyb code_sha256)
  e2e_json(_c "${_json}" race twins rows copyc code_sha256)
  e2e_expect_equal("copya and copyb: one code identity" "${_b}" "${_a}")
  if(_c STREQUAL _a)
    e2e_fail("copyc has copya's code identity although its source adds an instruction")
  endif()
  e2e_expect_contains("the mint's summary says the grid collapsed" "${output}"
    "same code, raced once: copya = copyb (1 of 3 rows)")
  e2e_expect_stamp("${include}" planted passes1 sidecar)
  e2e_expect_stamp("${include}" twins copya sidecar)
  e2e_expect_linked("${app}" passes1 copya)
  e2e_expect_app_runs("${app}")
endfunction()

# e2e_expect_noop_rebuild(<binary> <no-work text> [CONFIG <c>] [IGNORE <regex>]): a second build
# runs nothing and rewrites no file of the build tree (nor the history archive), except files
# matching IGNORE (the generator's own bookkeeping).
function(e2e_expect_noop_rebuild binary no_work)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "CONFIG;IGNORE" "")
  e2e_mtimes(_before "${binary}")
  e2e_mtimes(_history_before "${WORK_DIR}/history")
  e2e_wait_past_second()
  if(arg_CONFIG)
    e2e_build(noop-rebuild "${binary}" CONFIG "${arg_CONFIG}")
  else()
    e2e_build(noop-rebuild "${binary}")
  endif()
  e2e_expect_contains("no-op rebuild output" "${E2E_OUTPUT}" "${no_work}")
  foreach(_busy "Stamping kernel families" "tuning scope" "Building CXX" "Linking CXX")
    e2e_expect_not_contains("no-op rebuild output" "${E2E_OUTPUT}" "${_busy}")
  endforeach()
  e2e_mtimes(_after "${binary}")
  if(arg_IGNORE)
    list(FILTER _before EXCLUDE REGEX "${arg_IGNORE}")
    list(FILTER _after EXCLUDE REGEX "${arg_IGNORE}")
  endif()
  e2e_expect_same_mtimes("no-op rebuild of ${binary}" "${_before}" "${_after}")
  e2e_mtimes(_history_after "${WORK_DIR}/history")
  e2e_expect_same_mtimes("no-op rebuild (history archive)" "${_history_before}" "${_history_after}")
endfunction()
