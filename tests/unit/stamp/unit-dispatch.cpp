// DISPATCH: which candidates a seat carries (stamp/dispatch.h) and which one a CPU is bound to at run
// time (tune/dispatch.h), on fake CPUs through the fake-CPUID seam.
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include <tune/dispatch.h>

#include "../box/fake_cpus.h"
#include "stamp/dispatch.h"
#include "stamp/header.h"
#include "stamp/signature.h"
#include "test_files.h"

namespace {

// What the seam hands the dispatcher; nullopt: the real CPU.
std::optional<tune::detail::cpu::cpuid_leaves> fake_leaves;

using fn = int (*)();
int row_base() { return 0; }
int row_avx2() { return 2; }
int row_avx512() { return 5; }

std::uint64_t mask(std::initializer_list<const char*> features) {
  std::uint64_t m = 0;
  for (const char* f : features) m |= tune::detail::cpu::x86_feature_bit(f);
  return m;
}

const std::uint64_t none[] = {0};
const std::uint64_t needs_avx2[] = {4, mask({"avx2"}), mask({"fma"}), mask({"bmi2"}), mask({"f16c"})};
const std::uint64_t needs_avx512[] = {2, mask({"avx512f"}), mask({"avx512bw"})};

using tune::detail::dispatch::from;
const tune::detail::dispatch::candidate<fn> table[] = {
    {from::sidecar, "", "avx512", &row_avx512, needs_avx512},
    {from::profile, "x86-vnni512", "avx512", &row_avx512, needs_avx512},
    {from::profile, "x86-avx2", "avx2", &row_avx2, needs_avx2},
    {from::fallback, "", "avx512", &row_avx512, needs_avx512},
    {from::fallback, "", "base", &row_base, none},
    {from::reference, "", "base", &row_base, none},
};

tune::detail::dispatch::running_cpu cpu_of(const tune::box::cpuid_leaves& leaves) {
  fake_leaves = leaves;
  auto c = tune::detail::dispatch::detect_running_cpu();
  fake_leaves.reset();
  return c;
}

const auto vnni512 = {"sse4.2",  "avx",      "avx2",     "fma",      "bmi2",     "f16c",
                      "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl", "avx512vnni"};

}  // namespace

extern "C" bool tune_dispatch_cpuid(tune::detail::cpu::cpuid_leaves* leaves) {
  if (!fake_leaves) return false;
  *leaves = *fake_leaves;
  return true;
}

TEST_CASE("the box that measured the seat gets the sidecar's row; another box of its class the profile's") {
  const tune::test::env_override no_force("TUNE_FORCE_FEATURES", std::nullopt);
  auto leaves = fake::cpu(vnni512, fake::xcr0_avx512);
  leaves.leaf1[0] = 0x806F8;  // family 6 model 143 stepping 8
  const auto cpu = cpu_of(leaves);
  CHECK(std::string(cpu.cls->name) == "x86-vnni512");
  const tune::detail::dispatch::minting_box here{"family 6 model 143 stepping 8", cpu.features};
  auto b = tune::detail::dispatch::bind(table, 6, here, cpu);
  CHECK(b.index == 0);
  CHECK(b.source == "sidecar");
  CHECK(b.cls == "x86-vnni512");
  CHECK(b.why == "dispatch on x86-vnni512: measured on this box");

  const tune::detail::dispatch::minting_box elsewhere{"family 6 model 106 stepping 6", cpu.features};
  b = tune::detail::dispatch::bind(table, 6, elsewhere, cpu);
  CHECK(b.index == 1);
  CHECK(b.source == "profile x86-vnni512");
  CHECK(b.suffix == "avx512");
}

TEST_CASE("a CPU walks its class ladder, passing over a class it has no profile for") {
  const tune::test::env_override no_force("TUNE_FORCE_FEATURES", std::nullopt);
  // x86-avx512 has no profile here: its ladder goes on to x86-avx2.
  const auto avx512 = cpu_of(fake::cpu(
      {"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c", "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"},
      fake::xcr0_avx512));
  CHECK(std::string(avx512.cls->name) == "x86-avx512");
  const auto b = tune::detail::dispatch::bind(table, 6, {"", 0}, avx512);
  CHECK(b.source == "profile x86-avx2");
  CHECK(b.suffix == "avx2");
}

TEST_CASE("an OS that does not save AVX-512 state makes an AVX-512 CPU an x86-avx2 box") {
  const tune::test::env_override no_force("TUNE_FORCE_FEATURES", std::nullopt);
  const auto cpu = cpu_of(fake::cpu(vnni512, fake::xcr0_sse_avx));
  CHECK(std::string(cpu.cls->name) == "x86-avx2");
  CHECK((cpu.features & mask({"avx512f"})) == 0);
  const auto b = tune::detail::dispatch::bind(table, 6, {"", 0}, cpu);
  CHECK(b.source == "profile x86-avx2");
  CHECK(b.suffix == "avx2");
}

TEST_CASE("without a runnable profile seat: the fallback chain's first runnable row, else the reference") {
  const tune::test::env_override no_force("TUNE_FORCE_FEATURES", std::nullopt);
  const auto base = cpu_of(fake::cpu({"sse4.2"}, fake::xcr0_sse_avx));
  CHECK(std::string(base.cls->name) == "x86-base");
  auto b = tune::detail::dispatch::bind(table, 6, {"", 0}, base);
  CHECK(b.source == "fallback");
  CHECK(b.index == 4);
  // A table whose only fallback cannot run here.
  const tune::detail::dispatch::candidate<fn> short_table[] = {
      {from::fallback, "", "avx512", &row_avx512, needs_avx512},
      {from::reference, "", "base", &row_base, none},
  };
  b = tune::detail::dispatch::bind(short_table, 2, {"", 0}, base);
  CHECK(b.source == "reference");
  CHECK(b.index == 1);
}

TEST_CASE("TUNE_FORCE_FEATURES only takes features away; what it cannot apply is reported") {
  const tune::test::env_override force("TUNE_FORCE_FEATURES", " -avx512f, +amx-tile,-bogus,-avx512vnni");
  const auto cpu = cpu_of(fake::cpu(vnni512, fake::xcr0_avx512));
  CHECK((cpu.features & mask({"avx512f", "avx512vnni", "amx-tile"})) == 0);
  CHECK(std::string(cpu.cls->name) == "x86-avx2");
  CHECK(cpu.ignored == "+amx-tile,-bogus");
  const auto b = tune::detail::dispatch::bind(table, 6, {"", 0}, cpu);
  CHECK(b.suffix == "avx2");
  CHECK(b.why ==
        "dispatch on x86-avx2: profile x86-avx2; TUNE_FORCE_FEATURES entries not applied (a dispatcher only "
        "removes): +amx-tile,-bogus");
}

TEST_CASE("the dispatcher and `tune box` read one TUNE_FORCE_FEATURES alike (tune/detail/force.h)") {
  const tune::box::feature_set detected(vnni512.begin(), vnni512.end());
  for (const char* spec :
       {"", "  ", "-avx512f", " -avx512f , - avx512vnni ", "-avx2\t,\r-fma\n", "-avx512bw,-avx512bw"}) {
    CAPTURE(spec);
    const tune::test::env_override force("TUNE_FORCE_FEATURES", spec);
    const auto cpu = cpu_of(fake::cpu(vnni512, fake::xcr0_avx512));
    std::uint64_t tool = 0;
    for (const auto& f : tune::box::apply_forced(detected, spec)) tool |= tune::detail::cpu::x86_feature_bit(f.c_str());
    CHECK(cpu.features == tool);
    CHECK(cpu.ignored.empty());
  }
}

TEST_CASE("a seat's candidates: the measured seat, each profile's, the fallback chain, the reference") {
  tune::family_decl family;
  family.name = "dot";
  family.reference = "u1";
  family.fallback = {"u8_avx512", "u4_avx2", "u1"};
  family.rows = {{"u1", "", "", {}, {}, "CXX", "", std::nullopt, std::nullopt},
                 {"u4_avx2", "", "avx2,fma,bmi2,f16c", {}, {}, "CXX", "", std::nullopt, std::nullopt},
                 {"u8_avx512", "", "avx512f,avx512bw|avx512vl", {}, {}, "CXX", "", std::nullopt, std::nullopt},
                 {"broken", "", "", {}, {}, "CXX", "", std::string("compile: error"), std::nullopt}};
  tune::stamp::seat chosen;
  chosen.suffix = "u8_avx512";
  chosen.from = tune::stamp::source::sidecar;
  tune::sidecar::document doc;
  doc.provenance.box = "linux|x86_64|Some CPU|family 6 model 143 stepping 8|6.1";
  doc.provenance.features = "avx2;avx512f";
  std::vector<tune::profile::profile> profiles(3);
  profiles[0].cls = "x86-vnni512";
  profiles[0].kernels = {{"dot", "u8_avx512"}};
  profiles[1].cls = "x86-avx2";
  profiles[1].kernels = {{"dot", "broken"}};  // a row the build left out is never a candidate
  profiles[2].cls = "x86-base";
  profiles[2].kernels = {{"dot", "reference"}};
  const auto t = tune::stamp::dispatch_candidates(family, chosen, &doc, profiles, false);
  std::vector<std::string> listed;
  for (const auto& c : t.candidates) listed.push_back(c.source + " " + c.cls + " " + c.suffix);
  CHECK(listed == std::vector<std::string>{"sidecar  u8_avx512", "profile x86-vnni512 u8_avx512", "profile x86-base u1",
                                           "fallback  u8_avx512", "fallback  u4_avx2", "fallback  u1",
                                           "reference  u1"});
  CHECK(t.candidates[0].needs == std::vector<std::uint64_t>{mask({"avx512f"}), mask({"avx512bw", "avx512vl"})});
  CHECK(t.minting_signature == "family 6 model 143 stepping 8");
  CHECK(t.minting_features == mask({"avx2", "avx512f"}));

  // A seat adopted from a profile was not measured here: no sidecar candidate.
  chosen.adopted_from = "x86-vnni512";
  CHECK(tune::stamp::dispatch_candidates(family, chosen, &doc, profiles, false).candidates.front().source == "profile");
  // TUNE_POLICY=reference: the reference alone.
  const auto forced = tune::stamp::dispatch_candidates(family, chosen, &doc, profiles, true);
  REQUIRE(forced.candidates.size() == 1);
  CHECK(forced.candidates[0].source == "reference");
  // Features x86-64 does not have make a group nothing satisfies.
  CHECK(tune::stamp::requirement_masks("neon,avx2") == std::vector<std::uint64_t>{0, mask({"avx2"})});
}

TEST_CASE("the stamp and a DISPATCH binary walk one stamp order to the same row (tune/detail/order.h)") {
  const tune::test::env_override no_force("TUNE_FORCE_FEATURES", std::nullopt);
  tune::family_decl family;
  family.name = "dot";
  family.reference = "u1";
  family.fallback = {"u8_avx512", "u4_avx2", "u1"};
  family.rows = {{"u1", "", "", {}, {}, "CXX", "", std::nullopt, std::nullopt},
                 {"u4_avx2", "", "avx2,fma,bmi2,f16c", {}, {}, "CXX", "", std::nullopt, std::nullopt},
                 {"u8_avx512", "", "avx512f,avx512bw", {}, {}, "CXX", "", std::nullopt, std::nullopt}};
  std::vector<tune::profile::profile> profiles(2);
  profiles[0].cls = "x86-vnni512";
  profiles[0].kernels = {{"dot", "u8_avx512"}};
  profiles[1].cls = "x86-avx2";
  profiles[1].kernels = {{"dot", "u4_avx2"}};
  // The stamp header's table (stamp/header.cpp): each candidate's needs, a count then the masks.
  const auto t = tune::stamp::dispatch_candidates(family, {}, nullptr, profiles, false);
  std::vector<std::vector<std::uint64_t>> needs;
  for (const auto& c : t.candidates) {
    needs.push_back({c.needs.size()});
    needs.back().insert(needs.back().end(), c.needs.begin(), c.needs.end());
  }
  std::vector<tune::detail::dispatch::candidate<fn>> bound_table;
  for (std::size_t i = 0; i < t.candidates.size(); ++i) {
    const auto& c = t.candidates[i];
    const auto source = c.source == "profile"    ? from::profile
                        : c.source == "fallback" ? from::fallback
                                                 : from::reference;
    bound_table.push_back({source, c.cls.c_str(), c.suffix.c_str(), &row_base, needs[i].data()});
  }

  for (const auto& leaves :
       {fake::cpu(vnni512, fake::xcr0_avx512), fake::cpu(fake::haswell, fake::xcr0_sse_avx),
        fake::cpu({"sse4.2", "avx", "avx2", "fma", "bmi2", "f16c", "avx512f", "avx512bw"}, fake::xcr0_avx512),
        fake::cpu(vnni512, fake::xcr0_sse_avx), fake::cpu({"sse4.2"}, fake::xcr0_sse_avx)}) {
    const auto cpu = cpu_of(leaves);
    CAPTURE(cpu.cls->name);
    // The stamp's inputs for this box: its features, and the profiles on its class ladder in order.
    tune::stamp::seat_inputs in;
    for (std::size_t i = 0; i < tune::detail::cpu::x86_feature_names.size(); ++i)
      if (cpu.features & (std::uint64_t{1} << i)) in.features.insert(tune::detail::cpu::x86_feature_names[i]);
    std::vector<tune::profile::profile> ladder;
    for (const auto* rung = cpu.cls; rung; rung = *rung->parent ? tune::detail::cpu::find_class(rung->parent) : nullptr)
      for (const auto& p : profiles)
        if (p.cls == rung->name) ladder.push_back(p);
    in.profiles = &ladder;
    const auto stamped = tune::stamp::resolve_seat(family, in);
    const auto b = tune::detail::dispatch::bind(bound_table.data(), bound_table.size(), {"", 0}, cpu);
    CHECK(b.suffix == stamped.suffix);
    CHECK(b.source == tune::stamp::source_text(stamped));
  }
}

TEST_CASE("the stamp header binds each public name through its seat's candidates under TUNE_DISPATCH") {
  const auto sig = tune::stamp::parse_signature("int(int x)");
  tune::stamp::seat chosen;
  chosen.suffix = "u4";
  tune::stamp::dispatch_table t;
  t.candidates = {{"profile", "x86-avx2", "u4", {mask({"avx2"})}, false}, {"reference", "", "u1", {}, false}};
  const auto header =
      tune::stamp::render_header("f", sig, std::vector<tune::stamp::branch>{{"f", "", chosen, t}}, "", "c");
  CHECK(header.find("#if !defined(TUNE_DISPATCH_f)\nnamespace tune::detail::stamped {") != std::string::npos);
  CHECK(header.find("#include <tune/dispatch.h>\nint f__u4(int x);\nint f__u1(int x);\n") != std::string::npos);
  CHECK(header.find("{::tune::detail::dispatch::from::profile, \"x86-avx2\", \"u4\", &::f__u4, needs0},") !=
        std::string::npos);
  CHECK(header.find("static const std::uint64_t needs0[] = {1, 0x4ull};") != std::string::npos);
  CHECK(header.find(
            "#if defined(TUNE_DISPATCH_f)\ninline int f(int x) { return ::tune::detail::dispatched::f__row_f()(x); "
            "}\n#else\n") != std::string::npos);
  // Without candidates the header is what it always was.
  CHECK(tune::stamp::render_header("f", sig, chosen, "", "c").find("TUNE_DISPATCH") == std::string::npos);
}
