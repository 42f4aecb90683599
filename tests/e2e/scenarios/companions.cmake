# Companions and tune_link(... EXPORT), end to end (docs/design/kernels-and-isolation.md "Companions",
# docs/cmake-api.md "Generated files (all in the build tree)"). Family sumk has the companion
# layout(), which reports its row's PASSES (its own signature: never timed), and sumk_inv, with
# the family's signature and a planted winner of its own: passes4 does a quarter of passes1's work
# (sumk's planted winner) and half of passes2's.
#   fallback   without a sidecar all stamp the fallback passes2; the app checks layout() against
#              the row tune::status() names; nm: only passes2's kernel and companion are linked.
#   mint       after `--target tune` sumk and layout follow the measured winner (nm: only that
#              row's symbols); the race timed sumk_inv across the grid and seated passes4, which
#              the sidecar, the stamp header and nm of invapp (which calls sumk_inv alone) show.
#   own entry  a sidecar entry keyed by `layout`, listed in the family's race table, seats the
#              companion on its own row; the same entry without the race table's record does not
#              (and without the record sumk_inv follows the family too).
#   export     the shared library exports sumk and layout as real symbols (nm -D), useexport calls
#              them through it and links no row.
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
set(sidecar "${bin}/e2e_companions.tune.json")
set(header "${bin}/tune/include/tune/kernels/sumk.h")
set(rows passes4 passes2 passes1)
e2e_configure(configure "${E2E_DIR}/companions" "${bin}" Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo)

# e2e_expect_companion(<what> <kernel row> <companion row>): the app's check, the stamp record, nm.
function(e2e_expect_companion what kernel companion)
  set(args "")
  if(NOT kernel STREQUAL companion)
    set(args "${companion}")
  endif()
  e2e_run(${what}-app MAY_FAIL COMMAND "${bin}/app" ${args})
  e2e_expect_equal("${what}: exit code of app" "${E2E_RC}" 0)
  e2e_expect_contains("${what}: app output" "${E2E_OUTPUT}" "kernel=${kernel} layout=${companion} sum=1000")
  e2e_read(record "${bin}/tune/comp/stamp.json")
  e2e_json(v "${record}" families sumk suffix)
  e2e_expect_equal("${what}: stamp.json sumk" "${v}" "${kernel}")
  e2e_json(v "${record}" families sumk companions layout suffix)
  e2e_expect_equal("${what}: stamp.json companion layout" "${v}" "${companion}")
  # Only the rows the stamp names are linked: the kernel's (which holds its own companion too) and,
  # when the companion has its own row, that one (which holds its own kernel too).
  e2e_symbols(syms "${bin}/app")
  e2e_expect_contains("${what}: nm app (the stamped kernel)" "${syms}" " sumk__${kernel}(float const*, unsigned long)")
  e2e_expect_contains("${what}: nm app (the stamped companion)" "${syms}" " layout__${companion}()")
  foreach(row IN LISTS rows)
    if(NOT row STREQUAL kernel AND NOT row STREQUAL companion)
      e2e_expect_not_contains("${what}: nm app (an unstamped row's companion)" "${syms}" "layout__${row}(")
      e2e_expect_not_contains("${what}: nm app (an unstamped row's kernel)" "${syms}" "sumk__${row}(")
    endif()
  endforeach()
endfunction()

e2e_build(build-fallback "${bin}" TARGET app ENV TUNE_POLICY=fallback)
e2e_read(text "${header}")
e2e_expect_contains("sumk.h" "${text}" "// companion layout = passes2 (the family's row)")
e2e_expect_contains("sumk.h" "${text}" "inline int layout() { return ::layout__passes2(); }")
e2e_expect_contains("sumk.h" "${text}" "// companion sumk_inv = passes2 (the family's row)")
e2e_expect_companion(fallback passes2 passes2)

# The isolated rows export their companion beside their entry, and nothing else.
foreach(row IN LISTS rows)
  execute_process(COMMAND "${NM}" -C -g --defined-only "${bin}/tune_rows/sumk/sumk__${row}.o" OUTPUT_VARIABLE globals)
  string(REGEX REPLACE "[0-9a-f]+ T " "" globals "${globals}")
  string(STRIP "${globals}" globals)
  string(REPLACE "\n" ";" globals "${globals}")
  list(SORT globals)
  e2e_expect_equal("globals of the isolated row ${row}" "${globals}"
    "layout__${row}();sumk__${row}(float const*, unsigned long);sumk_inv__${row}(float const*, unsigned long)")
endforeach()

e2e_build(mint "${bin}" TARGET tune)
e2e_build(build-minted "${bin}" TARGET app)
e2e_read(json "${sidecar}")
e2e_json(winner "${json}" kernels sumk)
if(NOT winner IN_LIST rows)
  e2e_fail("the mint seated sumk on '${winner}', which is no row")
  e2e_finish()
endif()
e2e_read(text "${header}")
e2e_expect_contains("sumk.h after the mint" "${text}" "sumk = ${winner} (source: sidecar")
e2e_expect_companion(minted "${winner}" "${winner}")

# e2e_expect_inv(<what> <row> <not row>): invapp calls sumk_inv alone, so its final link holds the
# row sumk_inv is stamped with and not the other row's companion.
function(e2e_expect_inv what row not_row)
  e2e_build(build-${what}-invapp "${bin}" TARGET invapp)
  e2e_run(${what}-invapp MAY_FAIL COMMAND "${bin}/invapp")
  e2e_expect_equal("${what}: exit code of invapp" "${E2E_RC}" 0)
  e2e_expect_contains("${what}: invapp output" "${E2E_OUTPUT}" "sum=1000")
  e2e_read(record "${bin}/tune/comp/stamp.json")
  e2e_json(v "${record}" families sumk companions sumk_inv suffix)
  e2e_expect_equal("${what}: stamp.json companion sumk_inv" "${v}" "${row}")
  e2e_symbols(syms "${bin}/invapp")
  e2e_expect_contains("${what}: nm invapp (the stamped companion)" "${syms}" " sumk_inv__${row}(float const*, unsigned long)")
  e2e_expect_not_contains("${what}: nm invapp (the other row's companion)" "${syms}" "sumk_inv__${not_row}(")
endfunction()

# The race timed sumk_inv across sumk's grid against sumk's seat; passes4 won it, so the sidecar
# has its own entry and the race table's record. layout has another signature: listed, never timed.
if(winner STREQUAL "passes4")
  e2e_fail("the mint seated sumk on passes4, its slowest row (a quarter of passes1's speed)")
  e2e_finish()
endif()
e2e_json(v "${json}" kernels sumk_inv)
e2e_expect_equal("sidecar kernels.sumk_inv" "${v}" passes4)
e2e_json(v "${json}" race sumk companions sumk_inv)
e2e_expect_equal("sidecar race.sumk.companions.sumk_inv" "${v}" passes4)
e2e_json(v "${json}" race sumk companion_races sumk_inv fallback)
e2e_expect_equal("sidecar race.sumk.companion_races.sumk_inv.fallback (the family's seat)" "${v}" "${winner}")
e2e_json(v "${json}" race sumk companion_races sumk_inv verdict)
e2e_expect_equal("sidecar race.sumk.companion_races.sumk_inv.verdict" "${v}" won)
e2e_json_members(own_seats "${json}" race sumk companions)
e2e_expect_equal("companions with their own seat" "${own_seats}" sumk_inv)
e2e_json(v "${json}" kernels layout)
e2e_expect_matches("sidecar kernels.layout (never timed, no entry)" "${v}" "^<missing")
e2e_json(v "${json}" race sumk companion_races layout note)
e2e_expect_matches("sidecar race.sumk.companion_races.layout.note" "${v}" "^not timed: its signature int\\(\\) is not the family's")
e2e_json(v "${json}" race sumk companion_races layout rows passes1 median_ns)
e2e_expect_matches("layout's rows were never timed" "${v}" "^<missing")
e2e_run(explain COMMAND "${PREFIX}/bin/tune" explain sumk --build-dir "${bin}")
e2e_expect_matches("explain: layout was not timed" "${E2E_OUTPUT}" "layout +${winner} \\(holds, not timed\\)")
e2e_expect_matches("explain: sumk_inv was raced" "${E2E_OUTPUT}" "sumk_inv +passes4 \\(won, raced against the family's seat\\)")
e2e_read(text "${header}")
e2e_expect_contains("sumk.h after the mint" "${text}" "// companion sumk_inv = passes4 (its own sidecar entry)")
e2e_expect_contains("sumk.h after the mint" "${text}" "::sumk_inv__passes4(a, n)")
e2e_expect_not_contains("sumk.h after the mint" "${text}" "::sumk_inv__${winner}(")
e2e_expect_inv(minted passes4 "${winner}")

# A companion's own entry, measured within the family's grid in the race that seated it.
if(winner STREQUAL "passes4")
  set(own passes1)
else()
  set(own passes4)
endif()
string(JSON json SET "${json}" kernels layout "\"${own}\"")
string(JSON json SET "${json}" race sumk companions layout "\"${own}\"")
file(WRITE "${sidecar}" "${json}")
e2e_build(build-own-entry "${bin}" TARGET app)
e2e_read(text "${header}")
e2e_expect_contains("sumk.h with the companion's own entry" "${text}" "// companion layout = ${own} (its own sidecar entry)")
e2e_expect_companion(own-entry "${winner}" "${own}")
e2e_read(record "${bin}/tune/comp/stamp.json")
e2e_json(v "${record}" families sumk companions layout source)
e2e_expect_equal("stamp.json companion source" "${v}" sidecar)

# The same entry without the race table's record (left from an older race): it follows the family.
string(JSON json REMOVE "${json}" race sumk companions)
file(WRITE "${sidecar}" "${json}")
e2e_build(build-leftover-entry "${bin}" TARGET app)
e2e_expect_companion(leftover-entry "${winner}" "${winner}")
e2e_expect_inv(leftover-entry "${winner}" passes4)

# tune_link(exported sumk EXPORT): real, exported symbols in the shared library.
e2e_build(build-export "${bin}" TARGET useexport)
set(so "${bin}/libexported.so")
e2e_expect_exists("${so}")
execute_process(COMMAND "${NM}" -D -C --defined-only "${so}" OUTPUT_VARIABLE dynamic)
e2e_expect_matches("nm -D libexported.so (sumk exported)" "${dynamic}" "[0-9a-f]+ T sumk\\(float const\\*, unsigned long\\)")
e2e_expect_matches("nm -D libexported.so (layout exported)" "${dynamic}" "[0-9a-f]+ T layout\\(\\)")
e2e_symbols(syms "${bin}/useexport")
e2e_expect_matches("nm useexport (calls sumk through the library)" "${syms}" " U sumk\\(float const\\*, unsigned long\\)")
e2e_expect_not_contains("nm useexport (links no row of its own)" "${syms}" "sumk__")
e2e_run(run-useexport MAY_FAIL COMMAND "${bin}/useexport")
e2e_expect_equal("exit code of useexport" "${E2E_RC}" 0)
e2e_expect_contains("useexport output" "${E2E_OUTPUT}" "sum=1000")
e2e_finish()
