# The shipped profiles (profiles/) give a box of their class good code without measuring: for each
# committed <class>.tune-defaults.json, a fresh build of the shipped kernels under auto, on a box
# pinned to exactly that class (TUNE_FORCE_FEATURES), measures nothing, writes no sidecar and
# stamps every seat (each family, each shape of sgemm) with the profile's row. When this box's own ladder has a committed profile,
# the same holds unpinned. Pinning makes the test mean the same on any x86-64 CI machine.
include("${CMAKE_CURRENT_LIST_DIR}/ProfilesLib.cmake")

if(NOT SHIPPED_MANIFEST OR NOT EXISTS "${SHIPPED_MANIFEST}")
  message(FATAL_ERROR "profiles.shipped-profiles needs -DSHIPPED_MANIFEST=<build>/tune/shipped/manifest.json "
    "(a tree configured with TUNE_BUILD_KERNELS=ON).")
endif()
e2e_fresh_dir()
file(READ "${SHIPPED_MANIFEST}" mjson)
string(JSON nfam LENGTH "${mjson}" families)
math(EXPR last "${nfam} - 1")

# expect_profile_build(<step> <class> [<NAME=value>...]): a fresh build stamps every family from
# profiles/<class>.tune-defaults.json without measuring.
function(expect_profile_build step cls)
  set(dir "${WORK_DIR}/${step}")
  p_manifest_variant(m "${SHIPPED_MANIFEST}" "${dir}" sidecar "\"${dir}/fresh.tune.json\"" defaults "\"${REPO}/profiles\""
    target_class "\"\"" release false)
  p_stamp(${step} "${m}" ENV TUNE_POLICY=auto ${ARGN})
  e2e_expect_not_contains("${step}: a fresh build on a class the profiles cover (must not measure)" "${E2E_OUTPUT}" "@tune")
  e2e_expect_absent("${dir}/fresh.tune.json")
  e2e_read(profile "${REPO}/profiles/${cls}.tune-defaults.json")
  foreach(i RANGE ${last})
    p_seats(seats "${mjson}" ${i})
    foreach(seat IN LISTS seats)
      e2e_json(row "${profile}" kernels ${seat})
      p_expect_seat("${dir}" ${seat} ${row} "profile ${cls}")
    endforeach()
  endforeach()
endfunction()

file(GLOB committed RELATIVE "${REPO}/profiles" "${REPO}/profiles/*.tune-defaults.json")
if(NOT committed)
  e2e_fail("no profiles/*.tune-defaults.json is committed; this test runs only when one is")
endif()
foreach(file IN LISTS committed)
  string(REPLACE ".tune-defaults.json" "" cls "${file}")
  p_force(force ${cls})
  expect_profile_build(pinned-${cls} ${cls} "TUNE_FORCE_FEATURES=${force}")
endforeach()

e2e_run(box COMMAND "${P_TOOL}" box --json)
string(JSON nladder LENGTH "${E2E_OUTPUT}" ladder)
math(EXPR top "${nladder} - 1")
foreach(i RANGE ${top})
  string(JSON cls GET "${E2E_OUTPUT}" ladder ${i})
  if(EXISTS "${REPO}/profiles/${cls}.tune-defaults.json")
    expect_profile_build(this-box ${cls})
    break()
  endif()
endforeach()
e2e_finish()
