#include "mint/search_rows.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "isolate/identity.h"
#include "isolate/isolate.h"
#include "mint/bench_call.h"
#include "mint/search_table.h"
#include "util/atomic_file.h"
#include "util/subprocess.h"

namespace tune::mint {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto end = std::min(text.find('\n', at), text.size());
    out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

// A file of `key=value` lines, then `--`, then one argument per line (compile-row.cmake,
// link-bench.cmake): the keys and the arguments.
struct keyed_command {
  std::map<std::string, std::string> keys;
  std::vector<std::string> args;
};

keyed_command read_keyed_command(const fs::path& file, const std::string& fix) {
  const auto text = util::read_file(file);
  if (!text) throw std::runtime_error(fmt::format("{} does not exist; {}", file.string(), fix));
  keyed_command out;
  bool in_args = false;
  for (const auto& line : lines_of(*text)) {
    if (in_args) {
      out.args.push_back(line);
    } else if (line == "--") {
      in_args = true;
    } else if (const auto eq = line.find('='); eq != std::string::npos) {
      out.keys[line.substr(0, eq)] = line.substr(eq + 1);
    }
  }
  if (!in_args || out.args.empty())
    throw std::runtime_error(fmt::format("{} holds no command; {}", file.string(), fix));
  return out;
}

std::string joined(const std::vector<std::string>& args) {
  std::string out;
  for (const auto& a : args) out += (out.empty() ? "" : "\n") + a;
  return out;
}

// The relocated copies isolation writes of each row, as many as the registry lists
// (tune/bench/registry.h relocated_copies; cmake/tune/Rows.cmake _tune_relocated_copies).
constexpr int relocated_copies = 3;

fs::path rows_dir_of(const row_decl& row) { return fs::path(row.build_record).parent_path(); }

std::string entry_of(const family_decl& family, const row_decl& row) { return family.function() + "__" + row.suffix; }

// The row's object for template object `t` (the k-th of the template row's objects).
fs::path search_object(const row_decl& row, std::size_t k, const fs::path& t) {
  return rows_dir_of(row) / "search" / row.suffix / fmt::format("{}_{}", k, t.filename().string());
}

// Whether the row's isolated object stands for the compile `command` would run now: the same
// command, and every file its last compile read unchanged (its recipe identity, isolate/identity.h).
bool up_to_date(const family_decl& family, const row_decl& row, const std::string& commands) {
  const fs::path out = rows_dir_of(row) / (entry_of(family, row) + ".o");
  const auto last = util::read_file(out.string() + ".tune-cmd");
  if (!last || *last != commands || !fs::exists(out)) return false;
  const auto identity = isolate::read_row_identity(row.build_record);
  if (!identity || !identity->inputs || !identity->inputs_sha256) return false;
  for (const auto& input : *identity->inputs)
    if (!fs::exists(input)) return false;
  return isolate::inputs_sha256(*identity->inputs) == *identity->inputs_sha256;
}

}  // namespace

compile_template read_compile_template(const fs::path& object) {
  const auto file = fs::path(object.string() + ".tune-args");
  const auto read = read_keyed_command(file,
                                       "build the family's reference and fallback rows first (cmake --build "
                                       "<build dir> --target tune builds them)");
  compile_template t;
  t.cwd = read.keys.count("cwd") ? read.keys.at("cwd") : "";
  t.compiler = read.keys.count("compiler") ? read.keys.at("compiler") : "";
  t.lang = read.keys.count("lang") ? read.keys.at("lang") : "";
  t.object = read.keys.count("object") ? read.keys.at("object") : "";
  t.args = read.args;
  if (t.cwd.empty() || t.object.empty())
    throw std::runtime_error(fmt::format("{} names no folder or object; build the family's rows again", file.string()));
  return t;
}

std::vector<std::string> row_compile(const compile_template& t, const row_decl& template_row, const row_decl& row,
                                     const std::string& object) {
  std::vector<std::string> args = t.args;
  // The row's flags follow -falign-functions=64 (tune/Rows.cmake): find the template row's there.
  std::size_t flags_at = args.size();
  for (std::size_t i = 0; i + template_row.flags.size() < args.size() && flags_at == args.size(); ++i)
    if (args[i] == "-falign-functions=64" &&
        std::equal(template_row.flags.begin(), template_row.flags.end(), args.begin() + i + 1))
      flags_at = i + 1;
  if (flags_at == args.size())
    throw std::runtime_error(fmt::format(
        "the compile of row {} does not hold its row flags after -falign-functions=64 where cmake-tune puts them; "
        "configure the build again",
        template_row.suffix));
  args.erase(args.begin() + flags_at, args.begin() + flags_at + template_row.flags.size());
  args.insert(args.begin() + flags_at, row.flags.begin(), row.flags.end());

  std::size_t defines_at = args.size();
  for (const auto& define : template_row.defines) {
    const auto found = std::find(args.begin(), args.end(), "-D" + define);
    if (found == args.end())
      throw std::runtime_error(fmt::format("the compile of row {} does not define {}; configure the build again",
                                           template_row.suffix, define));
    defines_at = std::min(defines_at, static_cast<std::size_t>(found - args.begin()));
    args.erase(found);
  }
  std::vector<std::string> defines;
  for (const auto& define : row.defines) defines.push_back("-D" + define);
  args.insert(args.begin() + static_cast<std::ptrdiff_t>(defines_at), defines.begin(), defines.end());

  for (auto& arg : args)
    for (auto at = arg.find(t.object); at != std::string::npos; at = arg.find(t.object, at + object.size()))
      arg.replace(at, t.object.size(), object);
  return args;
}

std::vector<built_row> build_rows(const family_decl& family, const std::vector<std::string>& suffixes, int jobs,
                                  const std::function<void(const std::string&)>& say) {
  const search_decl& search = *family.search;
  const row_decl* template_row = family.row(search.template_row);
  if (!template_row) throw std::runtime_error("the family's template row " + search.template_row + " is not declared");
  std::vector<compile_template> templates;
  for (const auto& object : search.template_objects) templates.push_back(read_compile_template(object));

  // Every row's record before the workers start: family_decl::row makes the records of rows no
  // search has built, and makes each once, here.
  std::vector<const row_decl*> rows;
  for (const auto& suffix : suffixes) {
    rows.push_back(family.row(suffix));
    if (!rows.back()) throw std::runtime_error("row " + suffix + " is no point of the family's space");
  }
  std::vector<built_row> out(suffixes.size());
  std::vector<std::string> errors(suffixes.size());
  std::atomic<std::size_t> next{0};
  std::mutex said;
  const auto build_one = [&](std::size_t i) {
    const row_decl& row = *rows[i];
    built_row& b = out[i];
    b.suffix = row.suffix;
    const std::string entry = entry_of(family, row);
    std::vector<std::vector<std::string>> compiles;
    std::vector<fs::path> objects;
    std::string commands;
    for (std::size_t k = 0; k < templates.size(); ++k) {
      const fs::path object = search_object(row, k, search.template_objects[k]);
      objects.push_back(object);
      compiles.push_back(row_compile(templates[k], *template_row, row, object.string()));
      commands += joined(compiles.back()) + "\n";
    }
    const fs::path dir = rows_dir_of(row);
    const fs::path output = dir / (entry + ".o");
    if (up_to_date(family, row, commands)) {
      b.isolated = true;
      return;
    }
    b.compiled = true;
    for (std::size_t k = 0; k < compiles.size(); ++k) {
      fs::create_directories(objects[k].parent_path());
      util::spawn_options o;
      o.argv = {search.cmake.string(),
                "-DROW=" + entry,
                "-DCRITICAL=",
                "-DCOMPILER=" + templates[k].compiler,
                "-DLANG=" + templates[k].lang,
                "-P",
                (search.module_dir / "tune" / "compile-row.cmake").string(),
                "--"};
      o.argv.insert(o.argv.end(), compiles[k].begin(), compiles[k].end());
      o.cwd = templates[k].cwd;
      o.capture_stdout = o.capture_stderr = true;
      const auto ran = util::run_process(o);
      if (ran.signaled || ran.exit_code != 0) {
        errors[i] = fmt::format("the compile of row {} failed outside the row's code ({}):\n{}{}", entry,
                                ran.describe(), ran.out, ran.err);
        return;
      }
    }
    isolate::isolate_request r;
    r.objects = objects;
    r.entry = entry;
    r.suffix = row.suffix;
    for (const auto& c : family.companions) r.companions.push_back(c.name + "__" + row.suffix);
    r.output = output;
    for (int k = 1; k <= relocated_copies; ++k)
      r.relocated.push_back(dir / "relocated" / fmt::format("tune_relocated{}__{}.o", k, entry));
    r.record = row.build_record;
    r.linker = search.linker.string();
    r.objcopy = search.objcopy.string();
    // An aarch64 row is held to its requires= by its disassembly, as the build holds a grid's rows.
    r.objdump = search.objdump.string();
    r.needs = row.needs;
    try {
      b.why = isolate::isolate_row(r);
    } catch (const std::exception& e) {
      errors[i] = fmt::format("isolating row {} failed: {}", entry, e.what());
      return;
    }
    b.isolated = !fs::exists(row.build_record + ".fail.txt");
    if (b.isolated) util::write_file_atomic(output.string() + ".tune-cmd", commands);
    if (!b.why.empty()) {
      const std::lock_guard<std::mutex> lock(said);
      say(b.why);
    }
  };
  std::vector<std::thread> workers;
  for (int w = 0; w < std::max(1, jobs); ++w)
    workers.emplace_back([&] {
      for (std::size_t i = next++; i < suffixes.size(); i = next++) build_one(i);
    });
  for (auto& w : workers) w.join();
  for (const auto& e : errors)
    if (!e.empty()) throw std::runtime_error(e);
  return out;
}

void write_search_archive(const family_decl& family, const std::vector<std::string>& rows) {
  const search_decl& search = *family.search;
  std::vector<std::string> members, copies;
  for (const auto& suffix : rows) {
    const row_decl& row = *family.row(suffix);
    const std::string entry = entry_of(family, row);
    const fs::path dir = rows_dir_of(row);
    members.push_back((dir / (entry + ".o")).string());
    for (int k = 1; k <= relocated_copies; ++k)
      copies.push_back((dir / "relocated" / fmt::format("tune_relocated{}__{}.o", k, entry)).string());
  }
  // The bench's list of these rows (tune/bench/registry.h search_rows), first.
  const fs::path table = fs::path(search.archive).parent_path() / ("tune_search_rows__" + family.function() + ".o");
  write_search_table(family, rows, read_compile_template(search.template_objects.front()), table);
  members.insert(members.begin(), table.string());
  const fs::path tmp = search.archive.string() + ".tmp";
  std::error_code ignored;  // a leftover of an interrupted write
  fs::remove(tmp, ignored);
  util::spawn_options o;
  o.argv = {search.ar.string(), "qc", tmp.string()};
  o.argv.insert(o.argv.end(), members.begin(), members.end());
  o.argv.insert(o.argv.end(), copies.begin(), copies.end());
  o.capture_stdout = o.capture_stderr = true;
  const auto ran = util::run_process(o);
  if (ran.signaled || ran.exit_code != 0) {
    fs::remove(tmp, ignored);  // what a full disk or a killed ar left; the archive before it stands
    throw std::runtime_error(fmt::format("writing the search archive {} failed ({} qc, {}): {}",
                                         search.archive.string(), search.ar.string(), ran.describe(), ran.err));
  }
  // The same members make the same bytes (ar is deterministic): the archive keeps its mtime, so a
  // re-mint that visits what it visited before relinks nothing in the next build.
  const auto before = util::read_file(search.archive, util::max_binary_bytes);
  if (before && before == util::read_file(tmp, util::max_binary_bytes)) {
    fs::remove(tmp);
    return;
  }
  fs::rename(tmp, search.archive);
}

void relink_bench(const manifest& m, const search_decl& tools) {
  const fs::path file = bench_record(m).parent_path() / "link-command.txt";
  const auto link = read_keyed_command(file, "build the scope's bench first (cmake --build <build dir> --target tune)");
  const auto key = [&](const std::string& k) { return link.keys.count(k) ? link.keys.at(k) : std::string(); };
  util::spawn_options o;
  o.argv = {tools.cmake.string(),
            "-DROWS_FILE=" + key("rows_file"),
            "-DCRITICAL=" + key("critical"),
            "-DAR=" + key("ar"),
            "-DWORK_DIR=" + key("work_dir"),
            "-DCONFIGS=" + key("configs"),
            "-P",
            (tools.module_dir / "tune" / "link-bench.cmake").string(),
            "--"};
  o.argv.insert(o.argv.end(), link.args.begin(), link.args.end());
  o.cwd = key("cwd");
  o.capture_stdout = o.capture_stderr = true;
  const auto ran = util::run_process(o);
  if (ran.signaled || ran.exit_code != 0)
    throw std::runtime_error(fmt::format("linking the bench of scope {} again failed ({}):\n{}{}", m.scope,
                                         ran.describe(), ran.out, ran.err));
}

}  // namespace tune::mint
