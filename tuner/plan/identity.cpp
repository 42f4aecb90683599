#include "plan/identity.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <stdexcept>

#include "box/identity.h"
#include "plan/elf_comment.h"
#include "runtime/introspect.h"
#include "util/atomic_file.h"
#include "util/sha256.h"

namespace tune::plan {
namespace {

namespace fs = std::filesystem;

// Variables the numerical runtimes read at start-up; a plan's evidence holds only while they
// stay as they were during the search.
constexpr const char* runtime_variables[] = {
    "OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OPENBLAS_CORETYPE", "OMP_NUM_THREADS",       "OMP_WAIT_POLICY",
    "OMP_PROC_BIND",        "OMP_PLACES",       "OMP_DYNAMIC",       "OMP_MAX_ACTIVE_LEVELS", "OMP_THREAD_LIMIT",
    "OMP_SCHEDULE",         "GOMP_SPINCOUNT",   "GOMP_CPU_AFFINITY", "KMP_AFFINITY",          "KMP_BLOCKTIME",
};

std::string read_line(const fs::path& path) {
  std::istringstream in(util::read_file_if_readable(path).value_or(""));
  std::string line;
  std::getline(in, line);
  return line;
}

std::vector<int> parse_cpu_list(const std::string& text) {
  std::vector<int> cpus;
  std::istringstream in(text);
  std::string range;
  while (std::getline(in, range, ',')) {
    if (range.empty()) continue;
    const auto dash = range.find('-');
    const int first = std::stoi(range.substr(0, dash));
    const int last = dash == std::string::npos ? first : std::stoi(range.substr(dash + 1));
    for (int c = first; c <= last; ++c) cpus.push_back(c);
  }
  return cpus;
}

std::string or_unset(const std::optional<std::string>& v) { return v ? *v : "unset"; }
std::string or_none(const std::string& v) { return v.empty() ? "none" : v; }

std::string quote_args(const std::vector<std::string>& args) {
  std::string out;
  // Appended piece by piece: GCC 12 at -O3 warns falsely (-Wrestrict) on "'" + a + "'".
  for (const auto& a : args) out.append(out.empty() ? "" : " ").append("'").append(a).append("'");
  return out.empty() ? "(none)" : out;
}

std::string number_or_none(const std::optional<double>& v) {
  if (!v) return "none";
  std::ostringstream out;
  out << *v;
  return out.str();
}

}  // namespace

identity_sources live_identity_sources() {
  return {box::this_box().identity, cpu_topology(), live_system(), load_library_facts};
}

std::map<std::string, std::string> load_library_facts(const std::vector<std::string>& paths) {
  // RTLD_GLOBAL: the facts are looked up process-wide, as the pilot looks them up in the program.
  for (const auto& path : paths) ::dlopen(path.c_str(), RTLD_LAZY | RTLD_GLOBAL);
  std::map<std::string, std::string> facts;
  for (const auto& fact : runtime_detail::library_facts()) facts[fact.key] = fact.value;
  return facts;
}

std::string cpu_topology(const fs::path& sys_root) {
  const fs::path cpu_dir = sys_root / "sys/devices/system/cpu";
  const std::string online = read_line(cpu_dir / "online");
  if (online.empty()) return "unknown (" + (cpu_dir / "online").string() + " unreadable)";
  const auto cpus = parse_cpu_list(online);
  std::set<std::string> packages, cores;
  for (int cpu : cpus) {
    const fs::path topo = cpu_dir / ("cpu" + std::to_string(cpu)) / "topology";
    const std::string package = read_line(topo / "physical_package_id");
    packages.insert(package);
    cores.insert(package + ":" + read_line(topo / "core_id"));
  }
  const std::size_t per_core = cores.empty() ? 0 : cpus.size() / cores.size();
  return std::to_string(cpus.size()) + " CPUs online (" + online + ") in " + std::to_string(packages.size()) +
         " package(s), " + std::to_string(cores.size()) + " cores, " + std::to_string(per_core) + " thread(s) per core";
}

fs::path resolve_program(const std::string& argv0, const std::map<std::string, std::string>& env) {
  if (argv0.find('/') != std::string::npos) {
    if (!fs::exists(argv0)) throw std::runtime_error("the program " + argv0 + " does not exist");
    return fs::canonical(argv0);
  }
  const auto path = env.find("PATH");
  std::istringstream dirs(path == env.end() ? "" : path->second);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / argv0;
    if (::access(candidate.c_str(), X_OK) == 0 && fs::is_regular_file(candidate)) return fs::canonical(candidate);
  }
  throw std::runtime_error("the program '" + argv0 + "' is not in PATH; give its path");
}

std::vector<std::string> watched_variables(const environment& env, const std::vector<std::string>& extra) {
  std::set<std::string> names(std::begin(runtime_variables), std::end(runtime_variables));
  names.insert(extra.begin(), extra.end());
  for (const auto& [name, value] : env) {
    if (name.rfind("TUNE_KNOB_", 0) == 0) names.insert(name);
  }
  return {names.begin(), names.end()};
}

// A file's content hash, or why it has none: only a regular file is read (a device or a FIFO
// named in a plan would block or never end), so anything else is a changed identity at once.
static std::string content_hash(const fs::path& path) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (status.type() == fs::file_type::not_found) return "absent";
  if (status.type() != fs::file_type::regular)
    return status.type() == fs::file_type::directory ? "not a regular file (a directory)"
                                                     : "not a regular file (a device, FIFO or socket)";
  return util::sha256_file(path);
}

plan_identity derive_identity(const identity_inputs& in, const identity_sources& sources) {
  if (in.argv.empty()) throw std::invalid_argument("derive_identity: no program");
  plan_identity id;
  const fs::path program = resolve_program(in.argv.front(), in.env);
  id.program = {program.string(), content_hash(program)};
  id.compiler = compiler_of(program);
  for (const auto& [name, path] : in.libraries) {
    library_identity lib{name, path, content_hash(path), ""};
    const char* fact = name.rfind("fftw", 0) == 0             ? "fftw_version"
                       : name == "openblas" || name == "blas" ? "openblas_config"
                                                              : nullptr;
    if (fact && in.facts.count(fact)) lib.version = in.facts.at(fact);
    id.libraries.push_back(lib);
  }
  id.box = sources.box;
  id.topology = sources.topology;
  id.request = in.request;
  id.alloc = detect_allocation(sources.system, in.request);
  id.args.assign(in.argv.begin() + 1, in.argv.end());
  for (const auto& input : in.inputs) {
    if (!fs::exists(input)) {
      throw std::runtime_error("the declared input " + input.string() + " does not exist; fix INPUTS");
    }
    if (!fs::is_regular_file(input)) {
      throw std::runtime_error("the declared input " + input.string() +
                               " is not a regular file (a directory, device "
                               "or FIFO); INPUTS names files whose content the plan is valid for");
    }
    id.inputs.push_back({fs::absolute(input).lexically_normal().string(), util::sha256_file(input)});
  }
  for (const auto& name : watched_variables(in.env, in.user_variables)) {
    if (std::find(in.plan_variables.begin(), in.plan_variables.end(), name) != in.plan_variables.end()) continue;
    const auto it = in.env.find(name);
    id.environment[name] = it == in.env.end() ? std::nullopt : std::optional<std::string>(it->second);
  }
  id.pilot_windows = in.pilot_windows;
  return id;
}

std::vector<identity_change> compare_identity(const plan_identity& recorded, const plan_identity& current) {
  std::vector<identity_change> changes;
  auto check = [&](const std::string& field, const std::string& a, const std::string& b) {
    if (a != b) changes.push_back({field, a, b});
  };
  check("program (content sha256 of " + current.program.path + ")", recorded.program.sha256, current.program.sha256);
  check("compiler", recorded.compiler, current.compiler);
  for (const auto& lib : recorded.libraries) {
    std::string now = "not loaded";
    for (const auto& c : current.libraries) {
      if (c.name == lib.name && c.path == lib.path) now = c.sha256;
    }
    check("library " + lib.name + " (content sha256 of " + lib.path + ")", lib.sha256, now);
    std::string version_now = "not loaded";
    for (const auto& c : current.libraries) {
      if (c.name == lib.name && c.path == lib.path) version_now = c.version;
    }
    check("library " + lib.name + " version", or_none(lib.version), or_none(version_now));
  }
  check("box", recorded.box, current.box);
  check("topology", recorded.topology, current.topology);
  check("allocation.cpus", describe_cpus(recorded.alloc.cpus), describe_cpus(current.alloc.cpus));
  check("allocation.threads", std::to_string(recorded.alloc.threads), std::to_string(current.alloc.threads));
  check("allocation.cpu_quota", number_or_none(recorded.alloc.cpu_quota), number_or_none(current.alloc.cpu_quota));
  check("allocation.memory_bytes", recorded.alloc.memory_bytes ? std::to_string(*recorded.alloc.memory_bytes) : "none",
        current.alloc.memory_bytes ? std::to_string(*current.alloc.memory_bytes) : "none");
  check("args", quote_args(recorded.args), quote_args(current.args));
  for (const auto& input : recorded.inputs) {
    std::string now = "missing";
    for (const auto& c : current.inputs) {
      if (c.path == input.path) now = c.sha256;
    }
    check("input " + input.path + " (content sha256)", input.sha256, now);
  }
  std::set<std::string> names;
  for (const auto& [name, v] : recorded.environment) names.insert(name);
  for (const auto& [name, v] : current.environment) names.insert(name);
  for (const auto& name : names) {
    const auto a = recorded.environment.count(name) ? recorded.environment.at(name) : std::nullopt;
    const auto b = current.environment.count(name) ? current.environment.at(name) : std::nullopt;
    check("environment " + name, or_unset(a), or_unset(b));
  }
  return changes;
}

}  // namespace tune::plan

namespace tune::plan {

plan_identity rederive_identity(const plan_identity& recorded, const std::vector<std::string>& argv,
                                const environment& env, const std::vector<std::string>& plan_variables,
                                const identity_sources& sources) {
  identity_inputs in;
  in.argv = argv;
  for (const auto& input : recorded.inputs) {
    if (std::filesystem::exists(input.path)) in.inputs.emplace_back(input.path);
  }
  std::vector<std::string> paths;
  for (const auto& lib : recorded.libraries) {
    in.libraries[lib.name] = lib.path;
    paths.push_back(lib.path);
  }
  if (!sources.library_facts) throw std::logic_error("rederive_identity: identity_sources.library_facts is not set");
  in.facts = sources.library_facts(paths);
  in.request = recorded.request;
  in.env = env;
  in.plan_variables = plan_variables;
  for (const auto& [name, value] : recorded.environment) in.user_variables.push_back(name);
  in.pilot_windows = recorded.pilot_windows;
  return derive_identity(in, sources);
}

}  // namespace tune::plan
