#pragma once
// Names of this platform and architecture as box identities and fallback classes spell them.
#include <string>
#include <vector>

namespace tune::box {

// "linux", "darwin" or "freebsd".
std::string platform_name();

// "x86_64", "aarch64", or the kernel's machine name elsewhere ("riscv64").
std::string arch_name();

// Every value platform_name() can return, so `<platform>-<arch>` class names can be recognised.
const std::vector<std::string>& known_platforms();

// The CPUs this process may run on (sched_getaffinity): the allocation, not the machine. The race
// sizes THREADS all by it and records it (harness/pools.h); adoption compares profiles against it.
int allocation_cpus();

}  // namespace tune::box
