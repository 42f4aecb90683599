#include "box/cpuinfo.h"

#include <sstream>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "box/text.h"

namespace tune::box {

namespace {

std::optional<std::string> field(const cpuinfo_fields& fields, const std::string& key) {
  const auto it = fields.find(key);
  if (it == fields.end() || it->second.empty()) return std::nullopt;
  return it->second;
}

// The MIDR fields the aarch64 kernel reports for each core.
const std::vector<std::pair<std::string, std::string>> arm_signature_fields = {
    {"CPU implementer", "implementer"}, {"CPU variant", "variant"}, {"CPU part", "part"}, {"CPU revision", "revision"}};

const std::vector<std::string> other_signature_fields = {"mvendorid", "marchid", "mimpid", "revision"};

}  // namespace

cpuinfo_fields parse_cpuinfo(const std::string& text) {
  cpuinfo_fields fields;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (text::trim(line).empty()) {
      if (!fields.empty()) break;
      continue;
    }
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;  // not a field: cpuinfo has no strict grammar
    fields.emplace(text::trim(line.substr(0, colon)), text::trim(line.substr(colon + 1)));
  }
  return fields;
}

std::optional<std::string> cpuinfo_model_name(const cpuinfo_fields& fields, const std::string& arch) {
  if (auto name = field(fields, "model name")) return text::collapse_spaces(*name);
  if (arch == "aarch64") {
    const auto implementer = field(fields, "CPU implementer");
    const auto part = field(fields, "CPU part");
    if (implementer && part) return fmt::format("implementer {} part {}", *implementer, *part);
    return std::nullopt;
  }
  if (arch == "x86_64") return std::nullopt;
  for (const char* key : {"uarch", "cpu model", "cpu"})
    if (auto name = field(fields, key)) return text::collapse_spaces(*name);
  return std::nullopt;
}

std::optional<std::string> emulation_of(const cpuinfo_fields& fields, const std::string& arch) {
  if (arch == "x86_64") return std::nullopt;  // CPUID answers for the CPU itself
  const auto vendor = field(fields, "vendor_id");
  if (!vendor || (arch == "aarch64" && field(fields, "CPU implementer"))) return std::nullopt;
  const auto model = field(fields, "model name");
  return fmt::format(
      "this {} process runs under user-mode emulation (QEMU): /proc/cpuinfo describes the host's x86-64 CPU ({}{}), "
      "not the {} CPU the process was built for",
      arch, text::collapse_spaces(*vendor), model ? ", " + text::collapse_spaces(*model) : std::string(), arch);
}

std::string cpuinfo_signature(const cpuinfo_fields& fields, const std::string& arch, const std::string& source) {
  std::vector<std::string> parts;
  if (arch == "aarch64") {
    for (const auto& [key, label] : arm_signature_fields) {
      const auto value = field(fields, key);
      if (!value)
        throw std::runtime_error(
            fmt::format("{}: no \"{}\" in the first processor block; the aarch64 box identity needs CPU implementer, "
                        "variant, part and revision",
                        source, key));
      parts.push_back(label + " " + *value);
    }
    return text::join(parts, " ");
  }
  for (const auto& key : other_signature_fields)
    if (const auto value = field(fields, key)) parts.push_back(key + " " + text::collapse_spaces(*value));
  if (parts.empty())
    throw std::runtime_error(
        fmt::format("{}: none of {} in the first processor block; the {} box identity needs one of them", source,
                    text::join(other_signature_fields, ", "), arch));
  return text::join(parts, " ");
}

}  // namespace tune::box
