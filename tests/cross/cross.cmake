# A cross build for aarch64 of the consumer project (tests/consumers/project), loaded one way:
# configure with the toolchain file of docs/cmake-api.md "Cross-compiling", build the app and the C
# program for the target, run them, the `tune` target and CTest under QEMU user mode.
#   -DLOAD=find_package          the prefix of the e2e.install fixture, installed for the build host
#   -DLOAD=add_subdirectory, FetchContent   this source tree, with the installed tool as TUNE_HOST_TOOL
# The find_package tree is then configured again with its toolchain file less the emulator: the
# tune target says in one line that it raced nothing and how to race; and once more with a
# TUNE_TARGET_RUNNER whose machine is emulated (qemu-runner.sh), which checks and times nothing.
include("${E2E_DIR}/E2eLib.cmake")

e2e_fresh_dir()
set(bin "${WORK_DIR}/build")
# A copy, which the last step edits: CMake reads the toolchain file again at every configure.
set(toolchain "${WORK_DIR}/aarch64-linux-gnu.toolchain.cmake")
configure_file("${CMAKE_CURRENT_LIST_DIR}/aarch64-linux-gnu.toolchain.cmake" "${toolchain}" COPYONLY)
set(load_args "-DCONSUMER_LOAD=${LOAD}")
# find_package builds Release, whose stamp step has its own word for a cross build; the other two
# build with no build type (neither -O nor -g), which compiles the target's harness in two thirds
# of Release's time.
if(LOAD STREQUAL "find_package")
  list(APPEND load_args "-DCMAKE_PREFIX_PATH=${PREFIX}" -DCMAKE_BUILD_TYPE=Release)
else()
  list(APPEND load_args "-DCONSUMER_TUNE_SOURCE=${REPO}" "-DTUNE_HOST_TOOL=${PREFIX}/bin/tune" -DCMAKE_BUILD_TYPE=)
endif()
e2e_run(configure COMMAND "${CMAKE_COMMAND}" -S "${REPO}/tests/consumers/project" -B "${bin}" -G Ninja
  "-DCMAKE_MAKE_PROGRAM=${NINJA}" "-DCMAKE_TOOLCHAIN_FILE=${toolchain}" ${load_args})

# The program is the target's; the stamp takes the fallback (nothing was measured for aarch64),
# and a Release build says so rather than failing.
e2e_build(build "${bin}")
if(LOAD STREQUAL "find_package")
  e2e_expect_contains("the Release build" "${E2E_OUTPUT}"
    "warning: cmake-tune: release build (TUNE_RELEASE=ON) of scope consumer for this cross build for aarch64")
else()
  e2e_expect_not_contains("the build with no build type" "${E2E_OUTPUT}" "warning: cmake-tune: release build")
endif()
e2e_run(machine COMMAND "${READELF}" -h "${bin}/app")
e2e_expect_matches("the app's ELF header" "${E2E_OUTPUT}" "Machine: +AArch64")
e2e_run(bench-machine COMMAND "${READELF}" -h "${bin}/tune/consumer/bench")
e2e_expect_matches("the bench's ELF header" "${E2E_OUTPUT}" "Machine: +AArch64")
e2e_read(text "${bin}/tune/include/tune/kernels/total.h")
e2e_expect_contains("stamp header total.h" "${text}" "total = unroll1 (source: fallback)")
e2e_expect_absent("${bin}/consumer.tune.json")

set(qemu qemu-aarch64-static -L /usr/aarch64-linux-gnu)
e2e_run(run-app COMMAND ${qemu} "${bin}/app")
e2e_expect_contains("output of the app under QEMU" "${E2E_OUTPUT}" "total=500500 count=500500")
e2e_run(bench-list COMMAND ${qemu} "${bin}/tune/consumer/bench" list)
e2e_json(emulated "${E2E_OUTPUT}" emulated)
e2e_expect_matches("the bench's own word on QEMU user mode" "${emulated}" "^this aarch64 process runs under user-mode emulation")
e2e_run(run-c-main COMMAND ${qemu} "${bin}/c_main")
e2e_expect_contains("output of the C program under QEMU" "${E2E_OUTPUT}" "c: scale sum=1001000")

# Every row of every family passes the gate under QEMU, and nothing is timed or crowned.
e2e_build(tune "${bin}" TARGET tune)
e2e_expect_contains("the tune target under QEMU" "${E2E_OUTPUT}" "cmake-tune: scope consumer: emulated:")
e2e_expect_contains("the tune target under QEMU" "${E2E_OUTPUT}" "  ok   total__unroll4")
# The bench tells QEMU user mode apart by itself (box/cpuinfo.h emulation_of): it is not told.
e2e_expect_contains("the gate under QEMU" "${E2E_OUTPUT}"
  "emulated: this aarch64 process runs under user-mode emulation (QEMU): /proc/cpuinfo describes the host's x86-64 CPU")
e2e_expect_contains("the tune target under QEMU" "${E2E_OUTPUT}" "  ok   scale__unroll4")
e2e_expect_contains("the tune target under QEMU" "${E2E_OUTPUT}"
  "cmake-tune: scope consumer: verdict emulated: every runnable row passed the gate")
e2e_expect_absent("${bin}/consumer.tune.json")
e2e_read(text "${bin}/tune/include/tune/kernels/total.h")
e2e_expect_contains("stamp header total.h after the tune target" "${text}" "total = unroll1 (source: fallback)")
e2e_run(ctest COMMAND "${CTEST}" --test-dir "${bin}" --output-on-failure)
e2e_expect_contains("CTest under QEMU" "${E2E_OUTPUT}" "100% tests passed")
e2e_run(status COMMAND "${PREFIX}/bin/tune" status --build-dir "${bin}")
e2e_expect_contains("tune status of a cross build" "${E2E_OUTPUT}"
  "target: aarch64, a cross build (bench under an emulator): stamps for arm-neon")
e2e_expect_matches("tune status of a cross build" "${E2E_OUTPUT}" "consumer +total +unroll1 +emulated ")

if(LOAD STREQUAL "find_package")
  file(READ "${toolchain}" text)
  string(REGEX REPLACE "set\\(CMAKE_CROSSCOMPILING_EMULATOR[^\n]*\n" "" text "${text}")
  file(WRITE "${toolchain}" "${text}")
  e2e_run(configure-without-emulator COMMAND "${CMAKE_COMMAND}" "${bin}")
  e2e_build(tune-without-emulator "${bin}" TARGET tune)
  e2e_expect_contains("the tune target without an emulator" "${E2E_OUTPUT}"
    "cmake-tune: scope consumer: raced nothing: this is a cross build for aarch64, and no CMAKE_CROSSCOMPILING_EMULATOR")
  e2e_expect_not_contains("the tune target without an emulator" "${E2E_OUTPUT}" "  ok   ")
  e2e_build(build-without-emulator "${bin}")
  e2e_read(text "${bin}/tune/include/tune/kernels/total.h")
  e2e_expect_contains("stamp header total.h without an emulator" "${text}" "total = unroll1 (source: fallback)")

  # A runner whose machine is emulated is told apart by the bench itself: every row is checked
  # there, nothing is timed or crowned, and the stamp keeps the fallbacks.
  e2e_run(configure-runner COMMAND "${CMAKE_COMMAND}" "${bin}" "-DTUNE_TARGET_RUNNER=${CMAKE_CURRENT_LIST_DIR}/qemu-runner.sh")
  e2e_build(tune-runner "${bin}" TARGET tune)
  e2e_expect_contains("the tune target through an emulated runner" "${E2E_OUTPUT}"
    "cmake-tune: scope consumer: emulated: this aarch64 process runs under user-mode emulation (QEMU)")
  e2e_expect_contains("the tune target through an emulated runner" "${E2E_OUTPUT}" "  ok   total__unroll4")
  e2e_expect_matches("the tune target through an emulated runner" "${E2E_OUTPUT}"
    "verdict emulated: every runnable row passed the gate under the runner [^ ]*/qemu-runner.sh; nothing was timed")
  e2e_expect_absent("${bin}/consumer.tune.json")
  e2e_run(status-runner COMMAND "${PREFIX}/bin/tune" status --build-dir "${bin}")
  e2e_expect_matches("tune status through the runner" "${E2E_OUTPUT}"
    "target: aarch64, bench through the runner [^ ]*/qemu-runner.sh \\(TUNE_TARGET_RUNNER\\) on box linux\\|aarch64\\|")
  e2e_expect_matches("tune status through the runner" "${E2E_OUTPUT}" "consumer +total +unroll1 +emulated ")
endif()
e2e_finish()
