#include "isolate/isolate.h"

#include <cxxabi.h>
#include <elf.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "isolate/depfile.h"
#include "isolate/identity.h"
#include "isolate/instructions.h"
#include "isolate/large_data.h"
#include "isolate/rename.h"
#include "util/atomic_file.h"
#include "util/elf.h"
#include "util/sha256.h"
#include "util/subprocess.h"

namespace tune::isolate {

namespace fs = std::filesystem;

namespace {

// A C++ name as nm -C shows it; any other name as it is (only _Z names are mangled: a C function
// named `f` is not the type `float`).
std::string demangled(const std::string& name) {
  if (name.rfind("_Z", 0) != 0) return name;
  int status = 0;
  const std::unique_ptr<char, decltype(&std::free)> out(abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status),
                                                        &std::free);
  return status == 0 && out ? std::string(out.get()) : name;
}

// The export a demangled name is, if any: the name alone (a C function) or followed by its
// parameter list.
std::optional<std::string> export_of(const std::string& shown, const std::vector<std::string>& exports) {
  for (const auto& e : exports)
    if (shown == e || shown.rfind(e + "(", 0) == 0) return e;
  return std::nullopt;
}

// The lock of an OpenMP critical section (.gomp_critical_user_<name>), which GCC and Clang emit as
// common storage and Clang also emits for a `reduction`: by the OpenMP specification one lock per
// name in the whole program, so every row and the program share it, and it stays global.
bool openmp_lock(const util::elf_symbol& s) { return s.name.rfind(".gomp_critical_user_", 0) == 0; }

// An entity of a Fortran module the row's source defines (gfortran: __<module>_MOD_<name>). The
// module's .mod file lies in the row's own module folder (tune/Rows.cmake), so only the row can
// use it: it becomes local, like a C++ static.
bool fortran_module_entity(const std::string& name) {
  return name.rfind("__", 0) == 0 && name.find("_MOD_", 2) != std::string::npos;
}

// A defined symbol as a refusal names it: C++ names demangled, common storage (a Fortran COMMON
// block, a C tentative definition) said to be so.
std::string shown(const util::elf_symbol& s) {
  if (s.section == SHN_COMMON)
    return fmt::format("{} (common storage: a Fortran COMMON block, or a C tentative definition)", s.name);
  return demangled(s.name);
}

struct tool_run {
  bool ok = false;
  std::string err;
};

tool_run run_tool(std::vector<std::string> argv) {
  util::spawn_options o;
  o.argv = std::move(argv);
  o.capture_stdout = true;
  o.capture_stderr = true;
  const auto ran = util::run_process(o);
  tool_run out;
  out.ok = !ran.signaled && ran.exit_code == 0;
  out.err = ran.out + ran.err;
  while (!out.err.empty() && out.err.back() == '\n') out.err.pop_back();
  if (!out.ok && out.err.empty()) out.err = ran.describe();
  return out;
}

std::vector<util::elf_symbol> symbols_of(const fs::path& file) {
  const auto bytes = util::read_file(file, util::max_binary_bytes);
  if (!bytes) throw isolate_error(fmt::format("cmake-tune: {} does not exist", file.string()));
  auto symbols = util::elf_symbols(*bytes);
  if (!symbols) throw isolate_error(fmt::format("cmake-tune: {} is not an ELF64 object", file.string()));
  return std::move(*symbols);
}

// The row is left out: its record, and empty objects in place of the isolated one and its copies.
void leave_out(const isolate_request& r, const std::string& stage, const std::string& text) {
  util::write_file_atomic(r.record + ".fail.txt", stage + "\n" + text + "\n");
  std::error_code ignored;  // absent is what we want
  fs::remove(identity_file(r.record), ignored);
  std::vector<fs::path> outputs = r.relocated;
  outputs.push_back(r.output);
  for (const auto& file : outputs) {
    const auto made = run_tool({r.objcopy, "--only-section=.tune-left-out", r.objects.front().string(), file.string()});
    if (!made.ok)
      throw isolate_error(
          fmt::format("cmake-tune: cannot make the empty object that stands in for row {}: {}", r.entry, made.err));
  }
}

// Isolation refuses the row: fatal for the reference and the fallback chain, else it is left out.
struct refused {
  std::string why;
};

std::string mangled_rename(const std::string& mangled, const std::string& plain, const std::string& to,
                           const std::string& entry) {
  const std::string head = fmt::format("_Z{}{}", plain.size(), plain);
  if (mangled.rfind(head, 0) == 0) return fmt::format("_Z{}{}{}", to.size(), to, mangled.substr(head.size()));
  if (mangled == plain) return to;
  throw isolate_error(
      fmt::format("cmake-tune: row {}: cannot name a relocated copy of {} (mangled {}); define it at "
                  "global namespace scope.",
                  entry, plain, mangled));
}

// What the row's compiles read, from the dependency files tune/compile-row.cmake kept beside each
// object (<object>.tune-deps.d, and the folder the compile ran in, <object>.tune-deps.cwd).
// nullopt when one of them left none.
std::optional<std::vector<std::string>> inputs_of(const std::vector<fs::path>& objects) {
  std::vector<std::string> inputs;
  for (const auto& object : objects) {
    const auto deps = util::read_file(object.string() + ".tune-deps.d");
    const auto cwd = util::read_file(object.string() + ".tune-deps.cwd");
    if (!deps || !cwd) return std::nullopt;
    const fs::path dir = std::string(*cwd).substr(0, cwd->find('\n'));
    for (const auto& input : depfile_inputs(*deps)) {
      const std::string file = (dir / input).lexically_normal().string();
      if (std::find(inputs.begin(), inputs.end(), file) == inputs.end()) inputs.push_back(file);
    }
  }
  return inputs;
}

struct isolated {
  std::vector<std::string> plain_names, mangled_names;  // the exports, as found
};

isolated isolate_exports(const isolate_request& r, const fs::path& combined, const fs::path& tmp) {
  std::vector<std::string> exports{r.entry};
  exports.insert(exports.end(), r.companions.begin(), r.companions.end());
  isolated out;
  std::vector<std::string> keep;
  std::set<std::string> found;
  const auto symbols = symbols_of(combined);
  for (const auto& s : symbols) {
    if (!s.defined() || !s.global()) continue;
    if (openmp_lock(s)) keep.push_back("--keep-global-symbol=" + s.name);
    if (const auto e = export_of(demangled(s.name), exports)) {
      keep.push_back("--keep-global-symbol=" + s.name);
      found.insert(*e);
      out.plain_names.push_back(*e);
      out.mangled_names.push_back(s.name);
    }
  }
  if (!found.count(r.entry))
    throw refused{
        fmt::format("cmake-tune: row {} defines no function named {}. The kernel source must define "
                    "TUNE_ENTRY (from <tune/kernel.h>) with the family's SIGNATURE, at global namespace "
                    "scope.",
                    r.entry, r.entry)};
  // The stamp calls every companion of the stamped row: a row without one would fail the final link.
  for (const auto& companion : r.companions) {
    if (found.count(companion)) continue;
    const std::string function = companion.substr(0, companion.size() - r.suffix.size() - 2);
    throw refused{
        fmt::format("cmake-tune: row {} defines no companion function named {}. The family declares "
                    "COMPANIONS {}: every row's sources must define TUNE_COMPANION({}) (from "
                    "<tune/kernel.h>) at global namespace scope.",
                    r.entry, companion, function, function)};
  }

  // A row of several sources may define a function in one and call it from another: a definition
  // another of the row's objects references is the row's own helper, made local with the rest.
  std::set<std::string> internal;
  if (r.objects.size() > 1)
    for (const auto& object : r.objects)
      for (const auto& s : symbols_of(object))
        if (!s.defined() && !s.name.empty()) internal.insert(s.name);

  // Strong definitions besides the exports are functions and variables the source exports on
  // purpose; objcopy would hide them silently, so they are refused here. Weak ones (inline
  // functions, template instantiations) become local.
  std::string exported;
  for (const auto& s : symbols)
    if (s.defined() && s.bind == STB_GLOBAL && !export_of(demangled(s.name), exports) && !internal.count(s.name) &&
        !openmp_lock(s) && !fortran_module_entity(s.name))
      exported += "\n  " + shown(s);
  const std::string fix =
      "Another row could link against this row's copy (compiled with this row's ISA flags). Make them static or "
      "inline, or move them out of the kernel source (in Fortran: make helpers internal procedures of the entry or "
      "put them in a module of the kernel source, and pass COMMON data as arguments).";
  if (!exported.empty())
    throw refused{fmt::format("cmake-tune: row {} exports symbols besides its entry and companions:{}\n{}", r.entry,
                              exported, fix)};

  std::vector<std::string> argv{r.objcopy, "--remove-section=.group"};
  argv.insert(argv.end(), keep.begin(), keep.end());
  // Statics only 64-bit offsets reach go where the linker puts large data (large_data.h).
  std::vector<std::string> large;
  if (const auto bytes = util::read_file(combined, util::max_binary_bytes))
    for (const auto& name : far_reachable_data(*bytes)) {
      large.push_back(large_name(name));
      argv.push_back(fmt::format("--rename-section={}={}", name, large.back()));
    }
  argv.push_back(combined.string());
  argv.push_back(tmp.string());
  if (const auto made = run_tool(argv); !made.ok)
    throw refused{fmt::format("cmake-tune: {} failed to isolate row {}: {}", r.objcopy, r.entry, made.err)};
  try {
    mark_large(tmp, large);
  } catch (const std::runtime_error& e) {
    throw isolate_error(fmt::format("cmake-tune: marking the large data of row {}: {}", r.entry, e.what()));
  }

  // The check: nothing but the entry and the companions may stay global.
  std::string leaks;
  for (const auto& s : symbols_of(tmp))
    if (s.defined() && s.global() && !export_of(demangled(s.name), exports) && !openmp_lock(s))
      leaks += "\n  " + shown(s);
  if (!leaks.empty())
    throw refused{
        fmt::format("cmake-tune: row {} still exports symbols besides its entry and companions after isolation:{}\n{}",
                    r.entry, leaks, fix)};
  return out;
}

// The code identity: SHA-256 of a copy of the isolated object without debug information and with
// the row's own names made the same for every row of the family (canonical_name).
std::string code_identity(const isolate_request& r, const fs::path& isolated_object) {
  std::vector<std::string> exports{r.entry};
  exports.insert(exports.end(), r.companions.begin(), r.companions.end());
  const auto bytes = util::read_file(isolated_object, util::max_binary_bytes);
  if (!bytes) throw isolate_error(fmt::format("cmake-tune: {} does not exist", isolated_object.string()));
  const auto symbols = util::elf_symbols(*bytes);
  const auto sections = util::elf_sections(*bytes);
  if (!symbols || !sections)
    throw isolate_error(fmt::format("cmake-tune: {} is not an ELF64 object", isolated_object.string()));
  std::vector<std::string> argv{r.objcopy, "--strip-debug"};
  std::set<std::string> renamed;
  for (const auto& s : *symbols) {
    const auto to = canonical_name(s.name, exports, r.suffix);
    if (to != s.name && renamed.insert(s.name).second) argv.push_back(fmt::format("--redefine-sym={}={}", s.name, to));
  }
  for (const auto& s : *sections) {
    const auto to = canonical_name(s.name, exports, r.suffix);
    if (to != s.name && s.type != SHT_RELA && s.type != SHT_REL)
      argv.push_back(fmt::format("--rename-section={}={}", s.name, to));
  }
  const fs::path canonical = r.output.string() + ".identity.o";
  argv.push_back(isolated_object.string());
  argv.push_back(canonical.string());
  if (const auto made = run_tool(argv); !made.ok)
    throw isolate_error(
        fmt::format("cmake-tune: {} failed to copy row {} for its code identity: {}", r.objcopy, r.entry, made.err));
  const auto hash = util::sha256_file(canonical);
  fs::remove(canonical);
  return hash;
}

}  // namespace

std::string canonical_name(const std::string& symbol, const std::vector<std::string>& exports,
                           const std::string& suffix) {
  std::string out = symbol;
  for (const auto& plain : exports) {
    if (plain.size() < suffix.size() + 2) continue;
    const std::string to = plain.substr(0, plain.size() - suffix.size());  // keeps the "__"
    if (out == plain) return to;
    const std::string from_token = fmt::format("{}{}", plain.size(), plain);
    const std::string to_token = fmt::format("{}{}", to.size(), to);
    for (auto at = out.find(from_token); at != std::string::npos; at = out.find(from_token, at + to_token.size()))
      out.replace(at, from_token.size(), to_token);
  }
  return out;
}

namespace {

// The instruction check of an aarch64 row (isolate/instructions.h); other arches' rows pass.
void check_instructions(const isolate_request& r, const fs::path& object) {
  if (r.objdump.empty()) return;
  util::spawn_options o;
  o.argv = {r.objdump, "-d", object.string()};
  o.capture_stdout = true;
  o.capture_stderr = true;
  const auto ran = util::run_process(o);
  if (ran.signaled || ran.exit_code != 0)
    throw isolate_error(
        fmt::format("cmake-tune: {} -d failed on row {} ({}): {}", r.objdump, r.entry, ran.describe(), ran.err));
  if (ran.out.find("file format elf64-littleaarch64") == std::string::npos) return;
  const auto promised = promised_features(r.needs);
  if (const auto above = aarch64_instruction_above(ran.out, promised))
    throw refused{fmt::format(
        "cmake-tune: row {} contains an instruction that needs {}, which its requires= ({}) does not promise, so a "
        "CPU of the class that runs it would die of SIGILL:\n  {}\nGive the row an ISA value that requires {} "
        "(AXES ISA ...), or keep such code out of its flags and asm.",
        r.entry, above->feature, r.needs.empty() ? std::string("nothing") : r.needs, above->line, above->feature)};
}

// One relocated copy of the isolated object `tmp`, whose bytes are `isolated`: renamed in process
// (rename.h), or by objcopy where the object is not one renamed_copy knows.
void relocated_copy(const isolate_request& r, const fs::path& tmp, std::string_view isolated,
                    const std::map<std::string, std::string>& renames, const fs::path& copy) {
  if (auto renamed = renamed_copy(isolated, renames)) {
    util::write_file_atomic(copy, *renamed);
    return;
  }
  std::vector<std::string> argv{r.objcopy};
  for (const auto& [from, to] : renames) argv.push_back(fmt::format("--redefine-sym={}={}", from, to));
  const fs::path partial = copy.string() + ".tmp.o";
  argv.push_back(tmp.string());
  argv.push_back(partial.string());
  if (const auto made = run_tool(argv); !made.ok)
    throw isolate_error(fmt::format("cmake-tune: {} failed to copy row {} for the relocated re-race: {}", r.objcopy,
                                    r.entry, made.err));
  fs::rename(partial, copy);
}

}  // namespace

std::string isolate_row(const isolate_request& r) {
  if (r.objects.empty()) throw isolate_error("cmake-tune: tune isolate was given no objects for row " + r.entry);
  fs::create_directories(r.output.parent_path());
  for (const auto& copy : r.relocated) fs::create_directories(copy.parent_path());

  std::string failed_compiles;
  for (const auto& object : r.objects)
    if (const auto text = util::read_file(object.string() + ".tune-fail.txt")) failed_compiles += *text;
  if (!failed_compiles.empty()) {
    leave_out(r, "compile", failed_compiles);
    return "";
  }

  const fs::path combined = r.objects.size() == 1 ? r.objects.front() : fs::path(r.output.string() + ".combined.o");
  const fs::path tmp = r.output.string() + ".tmp.o";
  const auto clean = [&] {
    std::error_code ignored;  // leftovers of this run only
    if (r.objects.size() > 1) fs::remove(combined, ignored);
    fs::remove(tmp, ignored);
  };
  isolated found;
  try {
    if (r.objects.size() > 1) {
      std::vector<std::string> argv{r.linker, "-r", "-o", combined.string()};
      for (const auto& object : r.objects) argv.push_back(object.string());
      if (const auto made = run_tool(argv); !made.ok)
        throw refused{
            fmt::format("cmake-tune: combining the objects of row {} failed ({} -r): {}", r.entry, r.linker, made.err)};
    }
    found = isolate_exports(r, combined, tmp);
    check_instructions(r, tmp);
  } catch (const refused& refusal) {
    clean();
    if (!r.critical.empty()) throw isolate_error(refusal.why);
    leave_out(r, "isolate", refusal.why);
    return fmt::format("cmake-tune: row {} is left out of the race: isolation refuses it.\n{}", r.entry, refusal.why);
  }
  if (r.objects.size() > 1) {
    std::error_code ignored;  // an intermediate file of this run
    fs::remove(combined, ignored);
  }

  // The relocated copies. A C++ name at global scope mangles as _Z<length><name><parameters>.
  std::string isolated_bytes;
  if (!r.relocated.empty()) {
    auto bytes = util::read_file(tmp, util::max_binary_bytes);
    if (!bytes) throw isolate_error(fmt::format("cmake-tune: {} does not exist", tmp.string()));
    isolated_bytes = std::move(*bytes);
  }
  for (std::size_t k = 0; k < r.relocated.size(); ++k) {
    std::map<std::string, std::string> renames;
    for (std::size_t i = 0; i < found.plain_names.size(); ++i)
      renames[found.mangled_names[i]] =
          mangled_rename(found.mangled_names[i], found.plain_names[i],
                         fmt::format("tune_relocated{}__{}", k + 1, found.plain_names[i]), r.entry);
    relocated_copy(r, tmp, isolated_bytes, renames, r.relocated[k]);
  }

  row_identity identity;
  identity.code_sha256 = code_identity(r, tmp);
  identity.inputs = inputs_of(r.objects);
  if (identity.inputs) identity.inputs_sha256 = inputs_sha256(*identity.inputs);
  write_row_identity(r.record, identity);
  std::error_code ignored;  // absent when the row never failed
  fs::remove(r.record + ".fail.txt", ignored);
  // Last, so a build killed before this line runs the isolation again.
  fs::rename(tmp, r.output);
  return "";
}

}  // namespace tune::isolate
