#!/bin/sh
# A TUNE_TARGET_RUNNER whose "board" is QEMU user mode on the build host (docs/cmake-api.md "A
# runner on the target"), as a runner that reaches an emulated machine would be: the bench finds
# itself emulated, and cmake-tune must check its rows and time nothing.
exec env TUNE_BENCH_EMULATOR='["qemu-aarch64-static","-L","/usr/aarch64-linux-gnu"]' \
  qemu-aarch64-static -L /usr/aarch64-linux-gnu "$@"
