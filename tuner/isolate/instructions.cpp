#include "isolate/instructions.h"

#include <array>
#include <regex>
#include <sstream>
#include <string_view>

#include "box/requires.h"

namespace tune::isolate {

namespace {

// The mnemonics a feature brings, beyond what its register operands tell. SVE2's listed here are
// its widening and narrowing (bottom/top) forms, the ones a compiler emits for SVE2 code; other SVE
// instructions are told by their z and p registers.
struct feature_mnemonics {
  const char* feature;
  std::array<const char*, 24> names;  // null-terminated
};
constexpr std::array<feature_mnemonics, 5> by_mnemonic = {{
    // SVE instructions whose operands are general registers only: the vector-length counters.
    {"sve",
     {"cntb", "cnth", "cntw", "cntd", "rdvl", "addvl", "addpl", "incb", "inch", "incw", "incd", "decb", "dech", "decw",
      "decd", nullptr}},
    {"i8mm", {"smmla", "ummla", "usmmla", "usdot", "sudot", nullptr}},
    {"bf16", {"bfdot", "bfmmla", "bfmlalb", "bfmlalt", "bfcvt", "bfcvtn", "bfcvtn2", nullptr}},
    {"dotprod", {"sdot", "udot", nullptr}},
    {"sve2", {"saddlb",   "saddlt",   "uaddlb", "uaddlt", "ssublb", "ssublt", "usublb", "usublt",
              "smullb",   "smullt",   "umullb", "umullt", "smlalb", "smlalt", "umlalb", "umlalt",
              "sqdmullb", "sqdmullt", "addhnb", "addhnt", "sqxtnb", "sqxtnt", "uqxtnb", nullptr}},
}};

// An instruction line of `objdump -d`: "<address>:\t<encoding> \t<mnemonic>\t<operands>".
struct instruction {
  std::string offset, mnemonic, operands;
};
std::optional<instruction> parse_line(const std::string& line) {
  static const std::regex form(R"(^\s*([0-9a-f]+):\s+[0-9a-f]{8}\s+([a-z0-9.]+)\s*([^<]*))");
  std::smatch m;
  if (!std::regex_search(line, m, form)) return std::nullopt;
  std::string mnemonic = m[2].str();
  if (const auto dot = mnemonic.find('.'); dot != std::string::npos) mnemonic.resize(dot);  // "b.ne"
  return instruction{m[1].str(), mnemonic, m[3].str()};
}

bool uses_sve_registers(const std::string& operands) {
  static const std::regex sve_register(R"((^|[\s,{\[])[zp][0-9]{1,2}(\.[bhsdq]|/[zm]|[\s,}\]]|$))");
  return std::regex_search(operands, sve_register);
}

// "sdot v0.4s, v1.16b, v2.16b (offset 0x4)": as an assembler takes it, and where it is.
std::string shown(const instruction& insn, const std::string& line) {
  std::string operands = insn.operands;
  while (!operands.empty() && (operands.back() == ' ' || operands.back() == '\t' || operands.back() == '\r'))
    operands.pop_back();
  static const std::regex full_mnemonic(R"(:\s+[0-9a-f]{8}\s+([a-z0-9.]+))");
  std::smatch m;
  const std::string name = std::regex_search(line, m, full_mnemonic) ? m[1].str() : insn.mnemonic;
  return name + (operands.empty() ? "" : " " + operands) + " (offset 0x" + insn.offset + ")";
}

}  // namespace

std::optional<foreign_instruction> aarch64_instruction_above(const std::string& disassembly,
                                                             const box::feature_set& promised) {
  const auto lacks = [&](const char* feature) { return promised.count(feature) == 0; };
  std::istringstream lines(disassembly);
  for (std::string line; std::getline(lines, line);) {
    const auto insn = parse_line(line);
    if (!insn) continue;
    const bool sve_form = uses_sve_registers(insn->operands);
    if (sve_form && lacks("sve")) return foreign_instruction{shown(*insn, line), "sve"};
    for (const auto& group : by_mnemonic)
      for (const char* const* name = group.names.data(); *name != nullptr; ++name)
        if (insn->mnemonic == *name) {
          // SVE's own sdot, udot and int8 matrix forms are SVE's (checked above); sdot on z
          // registers needs no dotprod.
          const std::string_view feature = group.feature;
          if (sve_form && (feature == "dotprod")) continue;
          if (lacks(group.feature)) return foreign_instruction{shown(*insn, line), group.feature};
        }
  }
  return std::nullopt;
}

box::feature_set promised_features(const std::string& needs) {
  box::feature_set out;
  for (const auto& group : box::parse_requires(needs).all_of)
    if (group.size() == 1) out.insert(group.front());
  return out;
}

}  // namespace tune::isolate
