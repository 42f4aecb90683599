# Cross-compiling for 64-bit ARM Linux with Debian's cross toolchain (apt-get install
# g++-aarch64-linux-gnu qemu-user-static): the toolchain file of docs/cmake-api.md
# "Cross-compiling", as printed there.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64-static -L /usr/aarch64-linux-gnu)
