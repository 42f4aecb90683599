// /proc/cpuinfo parsing from fixtures: first processor block, model names, non-x86 signatures.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "box/cpuinfo.h"

using tune::box::cpuinfo_model_name;
using tune::box::cpuinfo_signature;
using tune::box::parse_cpuinfo;

namespace {
std::string fixture(const std::string& name) {
  const std::string path = std::string(TUNE_BOX_FIXTURES) + "/" + name;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("missing fixture " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

TEST_CASE("parse_cpuinfo reads the first processor block only") {
  const auto fields = parse_cpuinfo(fixture("cpuinfo-x86_64-epyc.txt"));
  CHECK(fields.at("vendor_id") == "AuthenticAMD");
  CHECK(fields.at("cpu family") == "25");
  CHECK(fields.at("model") == "1");
  CHECK(fields.at("processor") == "0");
  CHECK(fields.at("flags") == "fpu sse4_2 avx avx2");
}

TEST_CASE("parse_cpuinfo skips leading blank lines and lines without ':'") {
  const auto fields = parse_cpuinfo("\n\nprocessor : 0\nnot a field\nmodel name : X  Y\n\nmodel name : Z\nhart : 1\n");
  CHECK(fields.size() == 2);
  CHECK(fields.count("hart") == 0);
  CHECK(fields.at("model name") == "X  Y");
  CHECK(parse_cpuinfo("").empty());
}

TEST_CASE("x86 model name comes from \"model name\", spaces collapsed") {
  const auto fields = parse_cpuinfo(fixture("cpuinfo-x86_64-epyc.txt"));
  CHECK(cpuinfo_model_name(fields, "x86_64") == "AMD EPYC 7B13 64-Core Processor");
  CHECK_FALSE(cpuinfo_model_name(parse_cpuinfo("processor : 0\nvendor_id : GenuineIntel\n"), "x86_64"));
}

TEST_CASE("aarch64: the MIDR fields name the model and make the signature") {
  const auto fields = parse_cpuinfo(fixture("cpuinfo-aarch64-neoverse-v1.txt"));
  CHECK(cpuinfo_model_name(fields, "aarch64") == "implementer 0x41 part 0xd40");
  CHECK(cpuinfo_signature(fields, "aarch64", "/proc/cpuinfo") == "implementer 0x41 variant 0x1 part 0xd40 revision 1");
}

TEST_CASE("aarch64 with a \"model name\" uses it") {
  const auto fields = parse_cpuinfo("processor : 0\nmodel name : ARMv8 Processor rev 1 (v8l)\n");
  CHECK(cpuinfo_model_name(fields, "aarch64") == "ARMv8 Processor rev 1 (v8l)");
}

TEST_CASE("aarch64 without the MIDR fields is an error naming the file and the field") {
  const auto fields = parse_cpuinfo(fixture("cpuinfo-aarch64-truncated.txt"));
  CHECK(cpuinfo_model_name(fields, "aarch64") == "implementer 0x41 part 0xd03");
  CHECK_THROWS_WITH_AS(cpuinfo_signature(fields, "aarch64", "/x/cpuinfo"),
                       "/x/cpuinfo: no \"CPU variant\" in the first processor block; the aarch64 box identity needs "
                       "CPU implementer, variant, part and revision",
                       std::runtime_error);
}

TEST_CASE("other architectures: uarch names the model, vendor/arch/impl ids make the signature") {
  const auto fields = parse_cpuinfo(fixture("cpuinfo-riscv64-u74.txt"));
  CHECK(cpuinfo_model_name(fields, "riscv64") == "sifive,u74-mc");
  CHECK(cpuinfo_signature(fields, "riscv64", "/proc/cpuinfo") ==
        "mvendorid 0x489 marchid 0x8000000000000007 mimpid 0x4210427");
  CHECK_THROWS_WITH_AS(cpuinfo_signature(parse_cpuinfo("processor : 0\n"), "riscv64", "/proc/cpuinfo"),
                       "/proc/cpuinfo: none of mvendorid, marchid, mimpid, revision in the first processor block; "
                       "the riscv64 box identity needs one of them",
                       std::runtime_error);
}

TEST_CASE("an aarch64 process that reads an x86-64 /proc/cpuinfo runs under user-mode emulation") {
  const auto host = parse_cpuinfo("processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC  9B14\n");
  const auto why = tune::box::emulation_of(host, "aarch64");
  REQUIRE(why);
  CHECK(*why ==
        "this aarch64 process runs under user-mode emulation (QEMU): /proc/cpuinfo describes the host's x86-64 CPU "
        "(AuthenticAMD, AMD EPYC 9B14), not the aarch64 CPU the process was built for");
  CHECK(tune::box::emulation_of(host, "riscv64"));
  CHECK_FALSE(tune::box::emulation_of(host, "x86_64"));  // CPUID answers for the CPU itself
}

TEST_CASE("a real aarch64 /proc/cpuinfo is no emulation") {
  const auto real = parse_cpuinfo(
      "processor\t: 0\nBogoMIPS\t: 243.75\nFeatures\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics\n"
      "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x3\nCPU part\t: 0xd0c\nCPU revision\t: 1\n");
  CHECK_FALSE(tune::box::emulation_of(real, "aarch64"));
  CHECK_FALSE(tune::box::emulation_of({}, "aarch64"));
}
