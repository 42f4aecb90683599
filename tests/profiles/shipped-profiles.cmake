# The shipped profiles (profiles/) cover this box's class: a fresh build of the shipped kernels
# under auto measures nothing, writes no sidecar, and stamps every family from a profile.
include("${CMAKE_CURRENT_LIST_DIR}/ProfilesLib.cmake")

if(NOT SHIPPED_MANIFEST OR NOT EXISTS "${SHIPPED_MANIFEST}")
  message(FATAL_ERROR "profiles.shipped-profiles needs -DSHIPPED_MANIFEST=<build>/tune/shipped/manifest.json "
    "(a tree configured with TUNE_BUILD_KERNELS=ON).")
endif()
e2e_fresh_dir()
set(dir "${WORK_DIR}/fresh")
p_manifest_variant(m "${SHIPPED_MANIFEST}" "${dir}" sidecar "\"${dir}/fresh.tune.json\"" defaults "\"${REPO}/profiles\""
  target_class "\"\"" release false)
p_stamp(fresh-build "${m}" ENV TUNE_POLICY=auto)
e2e_expect_not_contains("a fresh build on a class the profiles cover (must not measure)" "${E2E_OUTPUT}" "@tune")
e2e_expect_absent("${dir}/fresh.tune.json")
e2e_read(record "${dir}/stamp.json")
file(READ "${m}" mjson)
string(JSON nfam LENGTH "${mjson}" families)
math(EXPR last "${nfam} - 1")
foreach(i RANGE ${last})
  string(JSON fam GET "${mjson}" families ${i} name)
  e2e_json(source "${record}" families ${fam} source)
  e2e_expect_matches("stamp source of ${fam}" "${source}" "^profile x86-")
endforeach()
e2e_finish()
