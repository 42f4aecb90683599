# The fleet recipe (examples/fleet/), job by job as its CI files run them: two runners mint the
# profiles project as different classes (forced features stand in for two machines), each exports
# its class's profile as an artifact, and the merge job places both in the scope's DEFAULTS folder
# and checks it. A third profile of a class already there, with another seat, is refused naming
# the class and the family, and the folder keeps the committed seat.
include("${CMAKE_CURRENT_LIST_DIR}/ProfilesLib.cmake")

e2e_fresh_dir()
set(fleet "${REPO}/examples/fleet/fleet.sh")
set(src "${CMAKE_CURRENT_LIST_DIR}/project")
set(defaults "${WORK_DIR}/defaults")
file(MAKE_DIRECTORY "${defaults}")
set(cmake_args "-DCMAKE_PREFIX_PATH=${PREFIX} -DCMAKE_MAKE_PROGRAM=${NINJA} -DCMAKE_CXX_COMPILER=${CXX} -DPROFILES_DIR=${defaults}")

foreach(cls x86-avx2 x86-base)
  p_force(force ${cls})
  e2e_run(mint-${cls} COMMAND "${CMAKE_COMMAND}" -E env "TUNE=${P_TOOL}" "CMAKE_ARGS=${cmake_args}"
    "TUNE_FORCE_FEATURES=${force}" bash "${fleet}" mint "${src}" "${WORK_DIR}/runner-${cls}" "${WORK_DIR}/artifacts/${cls}")
  e2e_expect_exists("${WORK_DIR}/artifacts/${cls}/p.tune-defaults.json")
  e2e_read(profile "${WORK_DIR}/artifacts/${cls}/p.tune-defaults.json")
  e2e_json(exported_class "${profile}" class)
  e2e_expect_equal("the runner forced to ${cls} exports that class" "${exported_class}" "${cls}")
endforeach()

e2e_run(merge COMMAND "${CMAKE_COMMAND}" -E env "TUNE=${P_TOOL}" "CMAKE_ARGS=${cmake_args}"
  bash "${fleet}" merge "${src}" "${WORK_DIR}/merge" "${WORK_DIR}/artifacts/x86-avx2" "${WORK_DIR}/artifacts/x86-base")
e2e_expect_contains("the merge adds the avx2 runner's profile" "${E2E_OUTPUT}" "x86-avx2: added as ${defaults}/x86-avx2.tune-defaults.json")
e2e_expect_contains("and the base runner's" "${E2E_OUTPUT}" "x86-base: added as ${defaults}/x86-base.tune-defaults.json")
e2e_expect_contains("and checks the folder" "${E2E_OUTPUT}" "scope p: the profiles in ${defaults} are sound")
e2e_expect_not_contains("profiles minted on this box's own CPU" "${E2E_OUTPUT}" "was minted on")
e2e_read(committed "${defaults}/x86-base.tune-defaults.json")
e2e_json(cpu_maker "${committed}" provenance cpu maker)
e2e_expect_matches("the profile's CPU maker" "${cpu_maker}" "^(GenuineIntel|AuthenticAMD|[A-Za-z]+)$")
# The same profile as if minted on another maker's CPU: `tune profile check` notes it.
string(JSON moved SET "${committed}" provenance cpu maker "\"NotThisMaker\"")
file(WRITE "${defaults}/x86-base.tune-defaults.json" "${moved}")
e2e_run(check-other-maker COMMAND "${P_TOOL}" profile check --manifest "${WORK_DIR}/merge/tune/p/manifest.json")
e2e_expect_contains("tune profile check on another maker's profile" "${E2E_OUTPUT}"
  "scope p: note: profile x86-base was minted on NotThisMaker family ")
file(WRITE "${defaults}/x86-base.tune-defaults.json" "${committed}")

# A third runner of class x86-avx2 that seated `vec` elsewhere.
e2e_read(committed "${defaults}/x86-avx2.tune-defaults.json")
e2e_json(seat "${committed}" kernels vec)
if(seat STREQUAL "unroll1_base")
  set(other unroll2_base)
else()
  set(other unroll1_base)
endif()
string(JSON third SET "${committed}" kernels vec "\"${other}\"")
file(WRITE "${WORK_DIR}/third/p.tune-defaults.json" "${third}")
e2e_run(merge-third MAY_FAIL COMMAND "${P_TOOL}" profile merge --manifest "${WORK_DIR}/merge/tune/p/manifest.json"
  "${WORK_DIR}/third/p.tune-defaults.json")
e2e_expect_equal("the conflicting third profile is refused" "${E2E_RC}" 1)
e2e_unwrap(out "${E2E_OUTPUT}")
e2e_expect_contains("naming its class and the family" "${out}" "class x86-avx2: ${WORK_DIR}/third/p.tune-defaults.json seats vec differently")
e2e_read(after "${defaults}/x86-avx2.tune-defaults.json")
e2e_json(kept "${after}" kernels vec)
e2e_expect_equal("the folder keeps the committed seat" "${kept}" "${seat}")
e2e_finish()
