// Detection on the real machine, cross-checked with what the kernel reports about it.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

#include "box/classes.h"
#include "box/cpuid.h"
#include "box/cpuinfo.h"
#include "box/features.h"
#include "box/identity.h"
#include "box/platform.h"
#include "box/text.h"

using tune::box::feature_set;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

const std::string fixtures = TUNE_BOX_FIXTURES;

}  // namespace

TEST_CASE("this machine's detected features map to a known class of its architecture") {
  ::unsetenv("TUNE_FORCE_FEATURES");
  const auto arch = tune::box::arch_name();
  const auto cls = tune::box::classify(arch, tune::box::detect_features());
  CAPTURE(cls);
  const auto& table = tune::box::class_table();
  const bool in_table =
      std::any_of(table.begin(), table.end(), [&](const auto& c) { return c.name == cls && c.arch == arch; });
  CHECK((in_table || cls == tune::box::platform_name() + "-" + arch));
  CHECK_NOTHROW(tune::box::ladder(cls));
}

TEST_CASE("this_box() on the real /proc agrees with its parts") {
  ::unsetenv("TUNE_FORCE_FEATURES");
  const auto box = tune::box::this_box();
  CHECK(box.identity.rfind(tune::box::platform_name() + "|" + tune::box::arch_name() + "|", 0) == 0);
  CHECK(std::count(box.identity.begin(), box.identity.end(), '|') == 4);
  CHECK(box.features == tune::box::detect_features());
  CHECK(box.cls == tune::box::classify(box.arch, box.features));
}

TEST_CASE("TUNE_FORCE_FEATURES changes features and class, never the identity") {
  ::unsetenv("TUNE_FORCE_FEATURES");
  const auto plain = tune::box::this_box();
  ::setenv("TUNE_FORCE_FEATURES", "-avx2,-neon", 1);
  const auto forced = tune::box::this_box();
  ::unsetenv("TUNE_FORCE_FEATURES");
  CHECK(forced.identity == plain.identity);
  CHECK(forced.features.count("avx2") == 0);
  CHECK(forced.features.count("neon") == 0);
  CHECK(forced.cls == tune::box::classify(forced.arch, forced.features));
}

#if defined(__x86_64__) && defined(__linux__)

TEST_CASE("detected x86 features equal the kernel's /proc/cpuinfo flags") {
  // The kernel's names for the features; it too drops a flag whose register state it does not save.
  const std::map<std::string, std::string> kernel_name = {{"sse4_2", "sse4.2"},
                                                          {"avx", "avx"},
                                                          {"avx2", "avx2"},
                                                          {"fma", "fma"},
                                                          {"bmi2", "bmi2"},
                                                          {"f16c", "f16c"},
                                                          {"avx512f", "avx512f"},
                                                          {"avx512bw", "avx512bw"},
                                                          {"avx512cd", "avx512cd"},
                                                          {"avx512dq", "avx512dq"},
                                                          {"avx512vl", "avx512vl"},
                                                          {"avx512_vnni", "avx512vnni"},
                                                          {"avx512_bf16", "avx512bf16"},
                                                          {"avx512vbmi", "avx512vbmi"},
                                                          {"avx_vnni", "avxvnni"},
                                                          {"amx_tile", "amx-tile"},
                                                          {"amx_int8", "amx-int8"}};
  const auto fields = tune::box::parse_cpuinfo(read_file("/proc/cpuinfo"));
  feature_set from_kernel;
  for (const auto& flag : tune::box::text::split(tune::box::text::collapse_spaces(fields.at("flags")), ' ')) {
    const auto it = kernel_name.find(flag);
    if (it != kernel_name.end()) from_kernel.insert(it->second);
  }
  CHECK(tune::box::join(tune::box::detect_features()) == tune::box::join(from_kernel));
}

TEST_CASE("the x86 signature decode agrees with the kernel's cpu family, model and stepping") {
  const auto fields = tune::box::parse_cpuinfo(read_file("/proc/cpuinfo"));
  CHECK(tune::box::x86_signature(tune::box::read_cpuid_leaves().leaf1[0]) ==
        "family " + fields.at("cpu family") + " model " + fields.at("model") + " stepping " + fields.at("stepping"));
}

TEST_CASE("this_box reads the model name and OS release from an injected /proc") {
  const auto signature = tune::box::x86_signature(tune::box::read_cpuid_leaves().leaf1[0]);
  CHECK(tune::box::this_box(fixtures + "/proc-x86_64").identity ==
        "linux|x86_64|AMD EPYC 7B13 64-Core Processor|" + signature + "|6.1");
}

TEST_CASE("without a cpuinfo model name, x86 falls back to the CPUID brand string") {
  const auto brand = tune::box::read_brand_string();
  REQUIRE_FALSE(brand.empty());
  const auto signature = tune::box::x86_signature(tune::box::read_cpuid_leaves().leaf1[0]);
  CHECK(tune::box::this_box(fixtures + "/proc-no-model-name").identity ==
        "linux|x86_64|" + brand + "|" + signature + "|5.10");
}

#endif

#if defined(__linux__)
TEST_CASE("a /proc without the kernel release is an error naming the file") {
  CHECK_THROWS_WITH_AS(tune::box::this_box(fixtures + "/proc-no-release"),
                       (fixtures + "/proc-no-release/sys/kernel/osrelease: cannot read the kernel release: No such "
                                   "file or directory")
                           .c_str(),
                       std::runtime_error);
}
#endif
