# The report in a real browser: `--target tune-report` on the minted Ninja tree (the e2e.ninja.mint
# fixture's), rendered by headless Chromium from a file:// URL. It must log no console message (a
# blocked request or a script error is one), its DOM must hold every family and its chart, and
# its screenshot is kept as this test's artifact: <work dir>/report.png.
#   -DTREE=<the minted build tree>
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
# The tree's own history, so the page shows its past mints.
set(ENV{TUNE_HISTORY} "${TREE}/../history")
find_program(CHROMIUM NAMES chromium chromium-browser)
if(NOT CHROMIUM)
  e2e_fail("chromium is not installed; scripts/install-deps.sh (run by the README's test command) installs it")
endif()

# chromium(<out-prefix> <url> <flags>...): stdout in <out-prefix>_dom, the console lines of its
# log in <out-prefix>_console. Its own profile folder, so nothing of the user's is read or written.
function(chromium out url)
  execute_process(COMMAND "${CHROMIUM}" --headless --no-sandbox --disable-gpu --no-first-run
                          "--user-data-dir=${WORK_DIR}/chromium-profile" --enable-logging=stderr --v=0 ${ARGN} "${url}"
                  RESULT_VARIABLE _rc OUTPUT_VARIABLE _dom ERROR_VARIABLE _log TIMEOUT 120)
  file(WRITE "${WORK_DIR}/logs/chromium-${out}.log" "${_log}")
  if(NOT _rc EQUAL 0)
    e2e_fail("chromium ${ARGN} ${url} failed (${_rc}); see ${WORK_DIR}/logs/chromium-${out}.log")
  endif()
  string(REGEX MATCHALL "[^\n]*:CONSOLE[^\n]*" _console "${_log}")
  set(${out}_dom "${_dom}" PARENT_SCOPE)
  set(${out}_console "${_console}" PARENT_SCOPE)
endfunction()

# The check can fail: a page that fetches an image logs the blocked request as a console line.
file(WRITE "${WORK_DIR}/bad.html" "<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\" "
  "content=\"default-src 'none'\"></head><body><img src=\"http://example.invalid/a.png\"></body></html>\n")
chromium(bad "file://${WORK_DIR}/bad.html" --dump-dom)
if(bad_console STREQUAL "")
  e2e_fail("a page with a blocked request logged no console line: the console check cannot see failures")
endif()

e2e_build(tune-report "${TREE}" TARGET tune-report)
set(page "${TREE}/tune-report.html")
e2e_expect_contains("--target tune-report" "${E2E_OUTPUT}" "wrote ${page}")
chromium(report "file://${page}" --dump-dom)
if(NOT report_console STREQUAL "")
  e2e_fail("the report logged console messages in Chromium:\n${report_console}")
endif()
set(dom "${report_dom}")
foreach(family planted twins)
  e2e_expect_contains("the DOM has family ${family}" "${dom}" "<section class=\"family\" id=\"family-e2e-${family}\" data-family=\"${family}\">")
  e2e_expect_contains("the nav links family ${family}" "${dom}" "<a href=\"#family-e2e-${family}\">${family}</a>")
endforeach()
string(REGEX MATCHALL "<svg class=\"chart\"" charts "${dom}")
list(LENGTH charts charts)
e2e_expect_equal("a chart per family in the DOM" "${charts}" 2)
string(REGEX MATCHALL "<g class=\"row [^\"]*\" data-row=\"" drawn "${dom}")
list(LENGTH drawn drawn)
e2e_expect_equal("every timed row drawn (planted 3, twins 2: copyb is copya's code)" "${drawn}" 5)
e2e_expect_contains("the row of copya's code listed with it" "${dom}"
  "<li class=\"same-code\" data-row=\"copyb\"><b>copyb</b>: same code as copya, raced for both</li>")
e2e_expect_contains("planted's seat marked" "${dom}" "<g class=\"row seat\" data-row=\"passes1\">")
e2e_expect_matches("planted's rows have rates" "${dom}" "[0-9.]+ ns, [0-9.]+ [kMGT]?add/s · seat")
# Each raced family shows its rows' hardware counts, why they were not counted, or both (some events).
foreach(family planted twins)
  string(FIND "${dom}" "data-family=\"${family}\">" at)
  string(SUBSTRING "${dom}" ${at} -1 section)
  string(FIND "${section}" "<section class=\"family\"" next)
  string(SUBSTRING "${section}" 0 ${next} section)
  if(NOT section MATCHES "<table class=\"counters\">|<p class=\"counters unavailable\">hardware counters not counted: ")
    e2e_fail("the page shows neither hardware counters nor why they were not counted for family ${family}")
  endif()
endforeach()
e2e_expect_matches("the past mints" "${dom}" "<td class=\"num\">1</td><td class=\"date\">[0-9T:Z-]+</td><td>first readable mint in the history</td>")
# The box field by field, and the charts' ticks round values with their unit (report/chart.h).
e2e_expect_contains("the box's CPU as a field" "${dom}" "<dt>box CPU</dt>")
string(REGEX MATCHALL "<text class=\"tick\"[^>]*>[^<]*</text>" ticks "${dom}")
if(ticks STREQUAL "")
  e2e_fail("the charts have no ticks")
endif()
foreach(tick IN LISTS ticks)
  if(NOT tick MATCHES ">[0-9]+(\\.[0-9]+)? (ns|µs|ms|s)</text>$")
    e2e_fail("a chart's tick is not a round value with its unit: ${tick}")
  endif()
endforeach()

chromium(shot "file://${page}" --screenshot=${WORK_DIR}/report.png --window-size=1000,2200 --hide-scrollbars)
file(SIZE "${WORK_DIR}/report.png" png_bytes)
if(png_bytes LESS 20000)
  e2e_fail("the screenshot ${WORK_DIR}/report.png has ${png_bytes} bytes: a blank page?")
endif()
message(STATUS "e2e: the report's screenshot: ${WORK_DIR}/report.png")
e2e_finish()
