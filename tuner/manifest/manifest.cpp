#include "manifest/manifest.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <limits>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "box/classes.h"
#include "box/platform.h"
#include "box/requires.h"
#include "util/atomic_file.h"
#include "util/json_reader.h"

namespace tune {

const row_decl* family_decl::row(const std::string& suffix) const {
  for (const auto& r : rows)
    if (r.suffix == suffix) return &r;
  if (!search) return nullptr;
  if (const auto made = made_rows->index.find(suffix); made != made_rows->index.end())
    return &made_rows->rows[made->second];
  // A point of the space no search has built: its record as the configure step would declare it.
  const auto rules = search->rules();
  // A point the rules do not allow, or cannot be evaluated on (space_of says why), is no row.
  std::optional<std::vector<std::uint16_t>> point;
  try {
    const search::space_filter allowed(rules);
    point = search::point_of(rules, suffix, &allowed);
  } catch (const search::rules_error&) {
    return nullptr;
  }
  if (!point) return nullptr;
  // Not built: it cannot be stamped or adopted (row_runs), since the program could not link it.
  made_rows->rows.push_back(search_row(*this, point->data()));
  made_rows->rows.back().left_out = std::string(not_visited);
  made_rows->index.emplace(suffix, made_rows->rows.size() - 1);
  return &made_rows->rows.back();
}

std::string family_decl::function() const { return name.substr(0, name.find('@')); }

std::string family_decl::shape() const {
  const auto at = name.find('@');
  return at == std::string::npos ? std::string() : name.substr(at + 1);
}

std::string family_decl::companion_key(const companion_decl& companion) const {
  const auto s = shape();
  return s.empty() ? companion.name : companion.name + "@" + s;
}

std::vector<std::string> manifest::family_names() const {
  std::vector<std::string> names;
  for (const auto& f : families) names.push_back(f.name);
  return names;
}

const family_decl* manifest::family(const std::string& name) const {
  for (const auto& f : families)
    if (f.name == name) return &f;
  return nullptr;
}

bool row_runs(const row_decl& row, const box::feature_set& features) {
  return !row.left_out && box::holds(box::parse_requires(row.needs), features);
}

std::string why_row_cannot_run(const row_decl& row, const box::feature_set& features) {
  if (row.left_out) return "left out of the build: " + *row.left_out;
  return box::why_not(box::parse_requires(row.needs), features);
}

namespace {

// The template row: the row of SOURCES whose record a searched family's other rows are made like.
const row_decl& template_row(const family_decl& family) {
  for (const auto& r : family.rows)
    if (r.suffix == family.search->template_row) return r;
  // Checked when the manifest is loaded (add_search_rows), which names the file and the family.
  throw std::runtime_error(fmt::format("its search's template row {} is not declared", family.search->template_row));
}

}  // namespace

row_decl search_row(const family_decl& family, const std::uint16_t* point) {
  if (!family.search) throw std::runtime_error(fmt::format("family {} is not searched", family.function()));
  const search_decl& s = *family.search;
  const auto rules = s.rules();
  const row_decl& like = template_row(family);
  row_decl row;
  row.suffix = search::suffix_of(rules, point);
  row.axes = search::spec_of(rules, point);
  row.linkage = like.linkage;
  const std::string entry = family.function() + "__" + row.suffix;
  row.build_record = (std::filesystem::path(like.build_record).parent_path() / entry).string();
  row.defines = {"TUNE_ENTRY=" + entry, "TUNE_ROW_SUFFIX=" + row.suffix,
                 std::string("TUNE_IS_REFERENCE=") + (row.suffix == family.reference ? "1" : "0")};
  for (std::size_t a = 0; a < s.axes.size(); ++a) {
    const auto& [axis, values] = s.axes[a];
    row.defines.push_back("TUNE_AXIS_" + axis + "=" + values[point[a]]);
    for (std::size_t v = 0; v < values.size(); ++v)
      row.defines.push_back("TUNE_AXIS_" + axis + "_IS_" + values[v] + "=" + (v == point[a] ? "1" : "0"));
    if (axis == "ISA") {
      const auto isa = s.isa.find(values[point[a]]);
      if (isa == s.isa.end())
        throw std::runtime_error(
            fmt::format("family {}: ISA value {} has no flags in the manifest; configure the build again",
                        family.function(), values[point[a]]));
      row.flags = isa->second.flags;
      row.needs = isa->second.needs;
    }
  }
  return row;
}

namespace {

// The build's record of a row it left out: "<stage>: <first line of the diagnostic>".
std::optional<std::string> left_out(const std::string& record) {
  if (record.empty()) return std::nullopt;
  const auto first_line = [](const std::string& text) {
    const auto start = text.find_first_not_of("\n");
    if (start == std::string::npos) return std::string();
    return text.substr(start, text.find('\n', start) - start);
  };
  if (const auto text = util::read_file(record + ".link-fail.txt")) return "link: " + first_line(*text);
  if (const auto text = util::read_file(record + ".fail.txt")) {
    const auto newline = text->find('\n');
    const std::string stage = text->substr(0, newline);
    return stage + ": " + (newline == std::string::npos ? std::string() : first_line(text->substr(newline + 1)));
  }
  return std::nullopt;
}

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (unsigned char c : s)
    if (!std::isalnum(c) && c != '_') return false;
  return true;
}

search_decl read_search(const util::json_at& j) {
  search_decl s;
  s.strategy = j["strategy"].string();
  if (s.strategy != "random" && s.strategy != "auto") j["strategy"].fail("\"random\" or \"auto\"");
  s.seed = static_cast<std::uint64_t>(j["seed"].integer(0, std::numeric_limits<std::int64_t>::max()));
  s.budget_rows = static_cast<std::size_t>(j["budget_rows"].integer(0, std::numeric_limits<std::int64_t>::max()));
  s.budget_seconds = static_cast<double>(j["budget_seconds"].integer(0, std::numeric_limits<std::int64_t>::max()));
  const auto axes = j["axes"].array();
  for (std::size_t i = 0; i < axes.size(); ++i)
    s.axes.emplace_back(axes.at(i)["name"].string(), axes.at(i)["values"].strings());
  s.excludes = j["exclude"].strings();
  const auto isa = j["isa"].array();
  for (std::size_t i = 0; i < isa.size(); ++i)
    s.isa[isa.at(i)["value"].string()] = {isa.at(i)["flags"].strings(), isa.at(i)["requires"].string()};
  const auto constraints = j["constraints"].array();
  for (std::size_t i = 0; i < constraints.size(); ++i)
    s.constraints.push_back({constraints.at(i)["text"].string(), constraints.at(i)["rpn"].strings()});
  s.archive = j["archive"].string();
  s.template_row = j["template_row"].string();
  // $<TARGET_OBJECTS:...> as the configure step wrote it: a ';'-separated list.
  const std::string objects = j["template_objects"].string();
  for (std::size_t at = 0; at <= objects.size();) {
    const auto end = std::min(objects.find(';', at), objects.size());
    if (end > at) s.template_objects.emplace_back(objects.substr(at, end - at));
    at = end + 1;
  }
  s.cmake = j["cmake"].string();
  s.module_dir = j["module_dir"].string();
  s.ar = j["ar"].string();
  s.linker = j["linker"].string();
  s.objcopy = j["objcopy"].string();
  if (const auto objdump = j.find("objdump")) s.objdump = objdump->string();
  return s;
}

// A family's SHAPES as its seats (cmake/tune/Shapes.cmake checked them; a manifest edited by hand
// is checked again here, because the conditions become code in the stamp header). Throws
// std::runtime_error naming the manifest, the family and the shape.
void add_seats(std::vector<family_decl>& out, family_decl d, const util::json_at* shapes,
               const std::filesystem::path& file) {
  if (!shapes || shapes->size() == 0) {
    out.push_back(std::move(d));
    return;
  }
  const auto bad = [&](const std::string& what) {
    return std::runtime_error(
        fmt::format("manifest {}: family {}: {}; re-run CMake's configure step", file.string(), d.name, what));
  };
  if (shapes->size() < 2) throw bad("SHAPES has one shape; a family with shapes has at least two");
  std::vector<std::string> names;
  for (std::size_t i = 0; i < shapes->size(); ++i) {
    const auto s = shapes->at(i);
    family_decl seat = d;
    const std::string shape = s["name"].string();
    seat.condition = s["condition"].string();
    if (!is_identifier(shape)) throw bad(fmt::format("shape name '{}' is not a C identifier", shape));
    if (std::find(names.begin(), names.end(), shape) != names.end())
      throw bad(fmt::format("shape {} is named twice", shape));
    if (seat.condition.empty() && i + 1 < shapes->size())
      throw bad(fmt::format("shape {} has no condition, and only the last shape may go without one", shape));
    if (seat.condition.find_first_of("{};#\\\n\r") != std::string::npos ||
        seat.condition.find("//") != std::string::npos || seat.condition.find("/*") != std::string::npos)
      throw bad(fmt::format("the condition of shape {} is not one C++ expression", shape));
    names.push_back(shape);
    seat.name = d.name + "@" + shape;
    out.push_back(std::move(seat));
  }
}

// One row of a family: its axes and flags, and its build record's identity (or why it is left out).
row_decl read_row(const util::json_at& r, const family_decl& d, const std::filesystem::path& file) {
  row_decl row;
  row.suffix = r["suffix"].string();
  row.axes = r["axes"].string();
  row.needs = r["requires"].string();
  row.flags = r["flags"].strings();
  row.defines = r["defines"].strings();
  if (const auto v = r.find("linkage")) row.linkage = v->string();
  if (const auto v = r.find("build_record")) row.build_record = v->string();
  // The record path comes from the manifest: an error reading it is an error of this file.
  try {
    row.left_out = left_out(row.build_record);
    if (!row.left_out) row.identity = isolate::read_row_identity(row.build_record);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(
        fmt::format("manifest {}: the build record of {}_{} cannot be read: {}; re-run "
                    "CMake's configure step",
                    file.string(), d.name, row.suffix, e.what()));
  }
  return row;
}

// A searched family's declared rows (its reference and FALLBACK chain) must be what the tool
// makes of their points, so that every other row, which the tool alone makes, is made the same
// way; then the rows its searches built or left out, found by their build records.
void add_search_rows(family_decl& d) {
  const auto rules = d.search->rules();
  const auto stale = [&](const std::string& what) {
    return std::runtime_error(
        fmt::format("{}; the configure step and the tool come from different versions of cmake-tune", what));
  };
  for (const auto& [axis, values] : d.search->axes)
    if (axis == "ISA")
      for (const auto& v : values)
        if (!d.search->isa.count(v)) throw stale(fmt::format("ISA value {} has no flags in its search member", v));
  for (const auto& row : d.rows) {
    if (row.axes.empty()) continue;  // REFERENCE_SOURCES: no point of the space
    const auto point = search::point_of(rules, row.suffix);
    if (!point) throw stale(fmt::format("row {} names no point of the axes", row.suffix));
    const row_decl made = search_row(d, point->data());
    if (made.axes != row.axes || made.needs != row.needs || made.flags != row.flags || made.defines != row.defines ||
        made.linkage != row.linkage || made.build_record != row.build_record)
      throw stale(fmt::format("the declared record of row {} is not the one the tool makes of its axes", row.suffix));
  }
  const std::filesystem::path dir = std::filesystem::path(template_row(d).build_record).parent_path();
  const std::string prefix = d.name + "__";
  std::set<std::vector<std::uint16_t>> found;  // grid order, whatever order the folder lists them in
  const search::space_filter filter(rules);
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    bool record = false;
    for (const char* ending : {".identity.json", ".link-fail.txt", ".fail.txt"}) {
      const std::string e = ending;
      if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0) {
        name.resize(name.size() - e.size());
        record = true;
        break;
      }
    }
    if (!record) continue;
    const std::string suffix = name.substr(prefix.size());
    if (std::any_of(d.rows.begin(), d.rows.end(), [&](const row_decl& r) { return r.suffix == suffix; })) continue;
    // A record of a point the rules no longer allow (the constraints changed since) is no row.
    auto point = search::point_of(rules, suffix, &filter);
    if (point) found.insert(std::move(*point));
  }
  for (const auto& point : found) {
    row_decl row = search_row(d, point.data());
    try {
      row.left_out = left_out(row.build_record);
      if (!row.left_out) row.identity = isolate::read_row_identity(row.build_record);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(fmt::format("the build record of row {} cannot be read: {}", row.suffix, e.what()));
    }
    d.rows.push_back(std::move(row));
  }
}

// One family as declared, before its shapes make it one seat or several.
family_decl read_family(const util::json_at& f, const std::filesystem::path& file) {
  family_decl d;
  d.name = f["name"].string();
  d.signature = f["signature"].string();
  d.tolerance = f["tolerance"].string();
  d.reference = f["reference"].string();
  d.fallback = f["fallback"].strings();
  d.sources = f["sources"].strings();
  if (const auto c = f.find("constraints")) d.constraints = c->strings();
  if (const auto t = f.find("timeout_s")) d.timeout_s = t->number_or_null();
  // Manifests written before THREADS have none: 1, the default.
  if (const auto t = f.find("threads")) {
    if (!t->value().is_string())
      d.threads = static_cast<int>(t->integer(1, std::numeric_limits<int>::max()));
    else if (t->string() == "all")
      d.threads = 0;
    else
      t->fail("a number of threads or \"all\"");
  }
  // Manifests written before incremental re-mints have none: such a family is always raced.
  if (const auto o = f.find("fixture_object")) d.fixture_object = o->string();
  if (const auto t = f.find("generator_trigger")) d.generator_trigger = t->string();
  // Manifests written before Fortran callers have none: no Fortran module.
  if (const auto t = f.find("fortran_callers")) d.fortran_callers = t->boolean();
  const auto rows = f["rows"].array();
  for (std::size_t k = 0; k < rows.size(); ++k) d.rows.push_back(read_row(rows.at(k), d, file));
  // Manifests written before COMPANIONS existed have no such member: no companions.
  if (const auto companions = f.find("companions")) {
    companions->array();
    for (std::size_t k = 0; k < companions->size(); ++k) {
      const auto c = companions->at(k);
      d.companions.push_back({c["name"].string(), c["signature"].string()});
    }
  }
  if (const auto search = f.find("search"); search && !search->value().is_null()) {
    d.search = read_search(*search);
    // Every error names the file, as a corrupt manifest's must.
    try {
      add_search_rows(d);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(
          fmt::format("manifest {}: family {}: {}; re-run CMake's configure step", file.string(), d.name, e.what()));
    }
  }
  return d;
}

// The scope's own members.
void read_scope(const util::json_at& j, manifest& m) {
  m.project = j["project"].string();
  m.scope = j["scope"].string();
  m.version = static_cast<int>(j["version"].integer(0, std::numeric_limits<int>::max()));
  m.budget_s = j["budget_s"].number_or_null();
  m.cpp_namespace = j["namespace"].string();
  m.sidecar = j["sidecar"].string();
  m.bench = j["bench"].string();
  m.build_dir = j["build_dir"].string();
  if (const auto v = j.find("config")) m.config = v->string();
  if (const auto v = j.find("multi_config")) m.multi_config = v->boolean();
  m.state_dir = j["state_dir"].string();
  m.stamp_dir = j["stamp_dir"].string();
  m.defaults = j["defaults"].string();
  m.policy = j["policy"].string();
  m.optimized = j["optimized"].boolean();
  m.release = j["release"].boolean();
  m.quick = j["quick"].boolean();
  m.debug = j["debug"].boolean();
  m.target_class = j["target_class"].string();
  // Manifests written before cross builds existed have no target: the build host is the target.
  if (const auto t = j.find("target")) {
    m.target.arch = (*t)["arch"].string();
    m.target.cross = (*t)["cross"].boolean();
    const auto how = (*t)["run"];
    if (how.string() == "emulator")
      m.target.how = target_machine::run::emulator;
    else if (how.string() == "none")
      m.target.how = target_machine::run::none;
    else if (how.string() == "runner")
      m.target.how = target_machine::run::runner;
    else if (how.string() != "native")
      how.fail("\"native\", \"emulator\", \"runner\" or \"none\"");
    for (const auto& word : (*t)["launcher"].strings()) m.target.launcher.push_back(word);
  }
  m.compiler = j["compiler"].string();
  m.compiler_flags = j["compiler_flags"].string();
}

}  // namespace

manifest load_manifest(const std::filesystem::path& file) {
  std::optional<nlohmann::json> doc;
  try {
    doc = util::read_json(file);
  } catch (const util::json_error& e) {
    throw std::runtime_error(fmt::format("manifest {} is unreadable ({}); re-run CMake's configure step", file.string(),
                                         e.where_and_what()));
  }
  if (!doc)
    throw std::runtime_error(fmt::format("manifest {} does not exist; re-run CMake's configure step", file.string()));
  try {
    const util::json_at j(*doc, file);
    if (!j.has("format") || j["format"].value() != "tune-manifest/1")
      throw std::runtime_error(fmt::format("manifest {} is not a tune-manifest/1 file", file.string()));
    manifest m;
    m.file = file;
    read_scope(j, m);
    const auto families = j["families"].array();
    for (std::size_t i = 0; i < families.size(); ++i) {
      const auto f = families.at(i);
      // Manifests written before SHAPES existed have no such member: one seat.
      const auto shapes = f.find("shapes");
      if (shapes) shapes->array();
      add_seats(m.families, read_family(f, file), shapes ? &*shapes : nullptr, file);
    }
    return m;
  } catch (const util::json_error& e) {
    throw std::runtime_error(
        fmt::format("manifest {} is malformed ({}); re-run CMake's configure step", file.string(), e.where_and_what()));
  }
}

std::string stamped_class(const manifest& m) {
  if (!m.target_class.empty()) return m.target_class;
  // A runner's machine is measured as this box is: its class is the one `bench box` reports there.
  if (m.target.how == target_machine::run::native || m.target.how == target_machine::run::runner) return "";
  return box::base_class(box::platform_name(), m.target.arch);
}

std::string tune_command(const manifest& m) {
  const std::string tree = m.build_dir.string();
  const std::string build =
      fmt::format("cmake --build {}{} --target tune-{}", tree, m.multi_config ? " --config " + m.config : "", m.scope);
  if (!m.target_class.empty()) return fmt::format("cmake -B {} -UTUNE_TARGET_CLASS && {}", tree, build);
  return build;
}

bool sidecar_from_environment() {
  const char* env = std::getenv("TUNE_MANIFEST");
  return env && *env;
}

std::filesystem::path sidecar_path(const manifest& m) {
  if (sidecar_from_environment()) return std::getenv("TUNE_MANIFEST");
  return m.sidecar;
}

}  // namespace tune
