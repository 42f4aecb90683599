# Hostile files in a tuned tree (issue 14): a sidecar with a number out of range, a 400-digit
# integer, a byte that is not UTF-8, nesting 20,000 deep and a wrong type is `unreadable`, named
# with the file and the JSON path, by `status`, `status --json`, `verdict` and `explain`; no
# library text, no signal; a `fallback` build never fails because of it and writes a stamp record
# that is valid UTF-8. A mint keeps each unreadable sidecar under its own name; a symlinked
# sidecar is replaced by a regular file and its target left alone; a symlinked lock is refused;
# a killed mint's temporaries are removed; a mint waiting on another's lock says so and counts
# the wait apart.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
set(src "${WORK_DIR}/src")
set(bin "${WORK_DIR}/build")
set(sidecar "${bin}/e2e.tune.json")
file(COPY "${E2E_PROJECT}/" DESTINATION "${src}")
e2e_configure(configure "${src}" "${bin}" Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo)
e2e_build(mint "${bin}" TARGET tune)
e2e_build(build "${bin}")
file(READ "${sidecar}" good)

# _hostile_replace(<out> <text> <regex> <replacement>): <text> with the first match of <regex>
# replaced (string(REPLACE) would replace every one).
function(_hostile_replace out text regex replacement)
  string(REGEX MATCH "${regex}" _match "${text}")
  if(_match STREQUAL "")
    message(FATAL_ERROR "e2e: the minted sidecar has no match of '${regex}' to corrupt")
  endif()
  string(FIND "${text}" "${_match}" _at)
  string(LENGTH "${_match}" _len)
  string(SUBSTRING "${text}" 0 ${_at} _head)
  math(EXPR _rest "${_at} + ${_len}")
  string(SUBSTRING "${text}" ${_rest} -1 _tail)
  set(${out} "${_head}${replacement}${_tail}" PARENT_SCOPE)
endfunction()

# _hostile_expect_clean(<what> <rc> <output>): exited (no signal), and no library text.
function(_hostile_expect_clean what rc output)
  if(NOT rc MATCHES "^[0-9]+$")
    e2e_fail("${what}: the tool did not exit: ${rc}")
  endif()
  foreach(_library_text "json.exception" "[json." "what():" "terminate called")
    e2e_expect_not_contains("${what} (no library text)" "${output}" "${_library_text}")
  endforeach()
endfunction()

string(REPEAT "[" 20000 _open)
string(REPEAT "]" 20000 _close)
string(REPEAT "9" 400 _digits)
string(ASCII 255 _not_utf8)
_hostile_replace(v_range "${good}" "{" "{\"x\": 1e400, ")
_hostile_replace(v_digits "${good}" "\"rounds\": [0-9]+" "\"rounds\": ${_digits}")
_hostile_replace(v_utf8 "${good}" "\"note\": \"" "\"note\": \"${_not_utf8}")
_hostile_replace(v_deep "${good}" "\"race\": {" "\"race\": {\"deep\": ${_open}${_close}, ")
_hostile_replace(v_type "${good}" "\"rounds\": [0-9]+" "\"rounds\": \"five\"")
set(path_range "at x: expected a number within the range of a double, found the number 1e400")
set(path_digits "rows.passes1.rounds: expected a number within the range of a double, found the number 9999")
set(path_utf8 "race.planted.note: expected UTF-8 text in a string, found the bytes \"\\xff\" ending at byte")
set(path_deep "at race.deep[0][0]")
set(path_type "race.planted.rows.passes1.rounds is a string, expected an integer")

foreach(variant range digits utf8 deep type)
  file(WRITE "${sidecar}" "${v_${variant}}")
  foreach(command status verdict "explain;planted")
    string(REPLACE ";" "-" step "${command}")
    e2e_run(${step}-${variant} MAY_FAIL COMMAND "${E2E_TOOL}" ${command} --build-dir "${bin}")
    _hostile_expect_clean("tune ${command} (${variant})" "${E2E_RC}" "${E2E_OUTPUT}")
    e2e_unwrap(output "${E2E_OUTPUT}")
    e2e_expect_contains("tune ${command} (${variant}) names the file" "${output}"
      "sidecar \"${sidecar}\" is unreadable (")
    e2e_expect_contains("tune ${command} (${variant}) names the path and what it found" "${output}" "${path_${variant}}")
    e2e_expect_not_contains("tune ${command} (${variant}) copies no raw byte" "${output}" "${_not_utf8}")
  endforeach()
  e2e_run(status-json-${variant} MAY_FAIL COMMAND "${E2E_TOOL}" status --json --build-dir "${bin}")
  _hostile_expect_clean("tune status --json (${variant})" "${E2E_RC}" "${E2E_OUTPUT}")
  e2e_json(verdict "${E2E_OUTPUT}" scopes 0 verdict)
  e2e_expect_equal("tune status --json (${variant}) is JSON with the verdict" "${verdict}" unreadable)

  # The CI kill switch: the build never fails because of the sidecar, and stamps the fallbacks.
  e2e_build(fallback-${variant} "${bin}" MAY_FAIL ENV TUNE_POLICY=fallback)
  _hostile_expect_clean("a fallback build (${variant})" "${E2E_RC}" "${E2E_OUTPUT}")
  e2e_expect_equal("a fallback build with an unreadable sidecar (${variant}) succeeds" "${E2E_RC}" 0)
  e2e_expect_stamp("${bin}/tune/include" planted passes4 fallback)
  e2e_read(record "${bin}/tune/e2e/stamp.json")
  e2e_json(record_verdict "${record}" verdict)
  e2e_expect_equal("the stamp record (${variant}) is JSON and says why" "${record_verdict}" unreadable)
  e2e_expect_not_contains("the stamp record (${variant}) copies no raw byte" "${record}" "${_not_utf8}")
endforeach()

# A mint replaces an unreadable sidecar and keeps its bytes, each under its own name; a killed
# mint's temporary beside it is removed (pid 4194303 is above any pid this box hands out).
set(dead_temporary "${bin}/.e2e.tune.json.4194303.1.tmp")
file(WRITE "${dead_temporary}" "a killed mint's half-written sidecar")
set(kept "")
foreach(variant utf8 deep)
  file(WRITE "${sidecar}" "${v_${variant}}")
  file(SHA256 "${sidecar}" bytes_${variant})
  e2e_build(mint-over-${variant} "${bin}" TARGET tune)
  e2e_unwrap(output "${E2E_OUTPUT}")
  string(REGEX MATCH "its bytes are kept as \"([^\"]+)\"" _ "${output}")
  set(kept_${variant} "${CMAKE_MATCH_1}")
  if(kept_${variant} STREQUAL "")
    e2e_fail("the mint over the ${variant} sidecar does not say where its bytes are kept:\n${output}")
  elseif(NOT EXISTS "${kept_${variant}}")
    e2e_fail("the mint over the ${variant} sidecar names ${kept_${variant}}, which does not exist")
  endif()
  e2e_read(minted "${sidecar}")
  e2e_json(format "${minted}" format)
  e2e_expect_equal("the mint over the ${variant} sidecar writes a readable one" "${format}" "tune-sidecar/1")
endforeach()
e2e_expect_absent("${dead_temporary}")
if(kept_utf8 STREQUAL kept_deep)
  e2e_fail("two unreadable sidecars were kept under one name: ${kept_utf8}")
endif()
foreach(variant utf8 deep)
  if(EXISTS "${kept_${variant}}")
    file(SHA256 "${kept_${variant}}" now)
    e2e_expect_equal("the kept ${variant} sidecar holds its original bytes" "${now}" "${bytes_${variant}}")
  endif()
endforeach()

# A symlinked sidecar: the mint writes a regular file at the link's path; the target is not written.
set(elsewhere "${WORK_DIR}/elsewhere.tune.json")
file(RENAME "${sidecar}" "${elsewhere}")
file(CREATE_LINK "${elsewhere}" "${sidecar}" SYMBOLIC)
file(SHA256 "${elsewhere}" target_before)
e2e_build(mint-through-link "${bin}" TARGET tune ENV TUNE_ALL=1)  # every family: a mint that writes
if(IS_SYMLINK "${sidecar}")
  e2e_fail("the mint left ${sidecar} a symbolic link; it replaces the link with a regular file")
endif()
file(SHA256 "${elsewhere}" target_after)
e2e_expect_equal("the symlinked sidecar's target is not written" "${target_after}" "${target_before}")

# A symlinked lock is refused, never followed; the sidecar stays as it was.
set(lock_target "${WORK_DIR}/lock-target")
file(REMOVE "${sidecar}.lock")
file(CREATE_LINK "${lock_target}" "${sidecar}.lock" SYMBOLIC)
file(SHA256 "${sidecar}" sidecar_before)
e2e_build(mint-link-lock "${bin}" MAY_FAIL TARGET tune ENV TUNE_ALL=1)
_hostile_expect_clean("a mint with a symlinked lock" "${E2E_RC}" "${E2E_OUTPUT}")
if(E2E_RC EQUAL 0)
  e2e_fail("a mint through a symlinked lock succeeded; it must refuse the link")
endif()
e2e_unwrap(output "${E2E_OUTPUT}")
e2e_expect_contains("the refusal names the lock and why" "${output}"
  "\"${sidecar}.lock\": it is a symbolic link; cmake-tune makes its lock files itself and never follows a link there")
e2e_expect_absent("${lock_target}")
file(SHA256 "${sidecar}" sidecar_after)
e2e_expect_equal("a refused mint leaves the sidecar as it was" "${sidecar_after}" "${sidecar_before}")
file(REMOVE "${sidecar}.lock")

# A mint that waits for another holder of the tree's mint lock says so, and counts the wait apart:
# flock(1) holds it for 4 s while the mint (of every family: TUNE_ALL=1) starts a second in.
find_program(FLOCK flock)
if(FLOCK)
  execute_process(
    COMMAND "${FLOCK}" "${bin}/tune/mint.lock" sleep 4
    COMMAND sh -c "sleep 1; TUNE_ALL=1 exec \"$0\" --build \"$1\" --target tune 2>&1" "${CMAKE_COMMAND}" "${bin}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE output ERROR_VARIABLE output)
  file(WRITE "${WORK_DIR}/logs/waiting-mint.log" "${output}\n(exit ${rc})\n")
  message("${output}(exit ${rc})")
  e2e_expect_equal("the waiting mint succeeds" "${rc}" 0)
  e2e_unwrap(output "${output}")
  e2e_expect_contains("the waiting mint says for whom" "${output}"
    "waiting for another mint of this build tree to finish before measuring scope e2e (it holds ${bin}/tune/mint.lock:")
  e2e_read(minted "${sidecar}")
  e2e_json(waited "${minted}" provenance lock_wait_s)
  if(NOT waited MATCHES "^[0-9.e+-]+$" OR waited LESS 2)
    e2e_fail("provenance.lock_wait_s is '${waited}'; the mint waited about 3 s for the lock")
  endif()
else()
  e2e_fail("flock(1) (util-linux) is not installed; the waiting mint is not tested")
endif()
e2e_finish()
