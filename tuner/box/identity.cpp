#include "box/identity.h"

#include <sys/utsname.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "box/classes.h"
#include "box/cpuid.h"
#include "box/cpuinfo.h"
#include "box/platform.h"
#include "box/text.h"
#include "util/atomic_file.h"

namespace tune::box {

namespace {

std::optional<std::string> read_text(const std::filesystem::path& path) { return util::read_file(path); }

std::string os_release(const std::filesystem::path& proc_root) {
  if (platform_name() == "linux") {
    const auto path = proc_root / "sys" / "kernel" / "osrelease";
    const auto release = read_text(path);
    if (!release)
      throw std::runtime_error(
          fmt::format("{}: cannot read the kernel release: {}", path.string(), std::strerror(errno)));
    return text::trim(*release);
  }
  utsname u{};
  if (uname(&u) != 0) throw std::runtime_error(fmt::format("uname() failed: {}", std::strerror(errno)));
  return u.release;
}

struct cpu_description {
  std::string model_name;
  std::string signature;
  std::string emulated;
};

cpu_description describe_cpu(const std::string& arch, const std::filesystem::path& cpuinfo_path) {
  const auto cpuinfo = read_text(cpuinfo_path);
  const auto fields = cpuinfo ? parse_cpuinfo(*cpuinfo) : cpuinfo_fields{};
  auto model = cpuinfo_model_name(fields, arch);
#if defined(__x86_64__)
  if (!model) model = read_brand_string();
  if (model->empty())
    throw std::runtime_error(fmt::format(
        "{} names no \"model name\" and the CPU has no CPUID brand string; the box identity needs a model name",
        cpuinfo_path.string()));
  return {*model, x86_signature(read_cpuid_leaves().leaf1[0]), ""};
#else
  if (!cpuinfo)
    throw std::runtime_error(fmt::format("{}: cannot read it: {}; the box identity needs the CPU model",
                                         cpuinfo_path.string(), std::strerror(errno)));
  // Under emulation the kernel describes the host: the identity says so, and names the host.
  if (auto emulated = emulation_of(fields, arch))
    return {"emulated " + arch, "on " + model.value_or(text::collapse_spaces(fields.at("vendor_id"))),
            std::move(*emulated)};
  if (!model)
    throw std::runtime_error(fmt::format("{}: no CPU model name in the first processor block", cpuinfo_path.string()));
  return {*model, cpuinfo_signature(fields, arch, cpuinfo_path.string()), ""};
#endif
}

void check_part(const char* what, const std::string& value) {
  if (value.empty()) throw std::invalid_argument(fmt::format("box identity: the {} is empty", what));
  if (value.find('|') != std::string::npos)
    throw std::invalid_argument(
        fmt::format("box identity: the {} \"{}\" contains '|', the identity separator", what, value));
}

}  // namespace

std::string cut_os_release(const std::string& release) {
  auto digits_end = [&](std::size_t from) {
    while (from < release.size() && std::isdigit(static_cast<unsigned char>(release[from]))) ++from;
    return from;
  };
  const auto major_end = digits_end(0);
  const auto minor_end =
      major_end < release.size() && release[major_end] == '.' ? digits_end(major_end + 1) : major_end;
  if (major_end == 0 || minor_end <= major_end + 1)
    throw std::invalid_argument(fmt::format(
        "OS release \"{}\" does not start with <major>.<minor>; the box identity keeps only those", release));
  return release.substr(0, minor_end);
}

std::string make_identity(const std::string& platform, const std::string& arch, const std::string& model_name,
                          const std::string& signature, const std::string& os_release) {
  check_part("platform", platform);
  check_part("arch", arch);
  check_part("cpu-model-name", model_name);
  check_part("cpu-signature", signature);
  check_part("os-release", os_release);
  return text::join({platform, arch, model_name, signature, cut_os_release(os_release)}, "|");
}

std::string with_sve_length(const std::string& signature, std::optional<unsigned> sve_bits) {
  return sve_bits ? fmt::format("{} sve-vl {}", signature, *sve_bits) : signature;
}

std::string x86_signature(std::uint32_t leaf1_eax) { return detail::cpu::x86_signature(leaf1_eax).text; }

std::optional<std::string> emulation_here(const std::filesystem::path& proc_root) {
  const auto cpuinfo = read_text(proc_root / "cpuinfo");
  return cpuinfo ? emulation_of(parse_cpuinfo(*cpuinfo), arch_name()) : std::nullopt;
}

box_info this_box(const std::filesystem::path& proc_root) {
  box_info box;
  box.platform = platform_name();
  box.arch = arch_name();
  const auto cpu = describe_cpu(box.arch, proc_root / "cpuinfo");
  box.identity = make_identity(box.platform, box.arch, cpu.model_name,
                               with_sve_length(cpu.signature, sve_vector_bits()), os_release(proc_root));
  box.features = this_box_features();
  box.cls = classify(box.platform, box.arch, box.features);
  box.emulated = cpu.emulated;
  const char* forced = std::getenv("TUNE_FORCE_FEATURES");
  box.forced = forced ? forced : "";
  box.cpus = allocation_cpus();
  box.maker = this_cpu_maker(proc_root);
  return box;
}

}  // namespace tune::box
