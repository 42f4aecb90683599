#include "box/platform.h"

#include <sched.h>
#include <sys/utsname.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace tune::box {

std::string platform_name() {
#if defined(__linux__)
  return "linux";
#elif defined(__APPLE__)
  return "darwin";
#elif defined(__FreeBSD__)
  return "freebsd";
#else
#error "cmake-tune's box detection supports Linux, macOS and FreeBSD"
#endif
}

std::string arch_name() {
  // The compiler's target, not uname: a feature set only means something for the ISA this
  // program was built for, and macOS calls aarch64 "arm64".
#if defined(__x86_64__)
  return "x86_64";
#elif defined(__aarch64__)
  return "aarch64";
#else
  utsname u{};
  if (uname(&u) != 0) throw std::runtime_error(fmt::format("uname() failed: {}", std::strerror(errno)));
  return u.machine;
#endif
}

const std::vector<std::string>& known_platforms() {
  static const std::vector<std::string> names = {"linux", "darwin", "freebsd"};
  return names;
}

int allocation_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0)
    throw std::runtime_error("cannot read this process's CPU affinity (sched_getaffinity)");
  return CPU_COUNT(&set);
}

}  // namespace tune::box
