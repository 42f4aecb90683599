// tune-mutate: the mutation run of issue 14, from outside. Mutated sidecars go through `tune
// status`, `status --json`, `verdict`, `explain`, `report` and the stamp step (`mint --when-needed` under
// TUNE_POLICY=fallback) of a scratch copy of a minted tree; mutated plans through `tune plan run`.
// Every run is a fresh process with a deadline. Prints, per command: runs, signals, hangs, raw
// library texts, and how many of the messages about an unreadable file name the file and the
// JSON path. Exits 1 when any signal, hang or raw text was seen.
//
//   tune-mutate --tool <tune> --tree <minted build tree> [--plan <plan> -- <program> <args>...]
//               [--sidecars 3000] [--plans 1000] [--seed 1] [--timeout-s 20] [--work <dir>]
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "util/atomic_file.h"
#include "util/json_reader.h"
#include "util/subprocess.h"

namespace fs = std::filesystem;
namespace util = tune::util;
using json = nlohmann::json;

namespace {

struct tally {
  int runs = 0, signals = 0, hangs = 0, raw = 0, failed = 0;  // failed: a non-zero exit where 0 is owed
  int about_file = 0, names_file = 0, names_path = 0;         // messages about an unreadable file
  std::vector<std::string> examples;                          // the first few bad outputs
};

// One mutation of `text` (the seed's bytes); `doc` is the seed parsed, for value-aware mutations.
class mutator {
 public:
  mutator(std::uint64_t seed, bool plan) : rng_(seed), plan_(plan) {}

  std::string operator()(const std::string& text, const json& doc) {
    switch (pick(plan_ ? 11 : 9)) {
      case 0:
        return flip_bytes(text);
      case 1:
        return text.substr(0, pick(text.size()));
      case 2:
        return replace_number(text, choose({"1e400", "-1e999", std::string(400, '9'), "18446744073709551616"}));
      case 3:
        return break_string(text);
      case 4:
        return at_random_value(doc, nest(20000 + pick(80000))).dump();
      case 5:
        return at_random_value(doc, other_type()).dump();
      case 6:
        return without_random_member(doc).dump();
      case 7: {
        json d = doc;
        d["unknown_" + std::to_string(pick(1000))] = nest(100000);
        return d.dump();
      }
      case 8:
        return at_random_value(doc, std::string(1 << 20, 'x')).dump();
      case 9: {  // plans: a setting no plan may hold
        json d = doc;
        if (!d.contains("settings") || !d["settings"].is_object())
          d["settings"] = {{"set", json::object()}, {"unset", json::array()}};
        d["settings"]["set"][choose({"LD_PRELOAD", "", "A=B", "PATH", "LD_LIBRARY_PATH", "TUNE_POLICY"})] = "/tmp/x.so";
        return d.dump();
      }
      default: {  // plans: a library or input that is no regular file, a count out of range
        json d = doc;
        const std::string path = choose({"/dev/zero", "/tmp", "/dev/stdin", "/proc/self/fd/0"});
        if (d.contains("identity") && d["identity"].is_object()) {
          auto& id = d["identity"];
          if (pick(2) == 0 && id.contains("libraries") && id["libraries"].is_array() && !id["libraries"].empty())
            id["libraries"][0]["path"] = path;
          else if (id.contains("allocation") && id["allocation"].is_object())
            id["allocation"]["threads"] = pick(2) ? json(1000000000000000000LL) : json(-1);
        }
        return d.dump();
      }
    }
  }

 private:
  std::size_t pick(std::size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }
  std::string choose(std::vector<std::string> options) { return options[pick(options.size())]; }

  std::string flip_bytes(std::string text) {
    for (std::size_t k = 0, n = 1 + pick(8); k < n && !text.empty(); ++k)
      text[pick(text.size())] = static_cast<char>(pick(256));
    return text;
  }
  std::string replace_number(std::string text, const std::string& number) {
    static const std::regex digits(R"([-]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?)");
    std::vector<std::pair<std::size_t, std::size_t>> spots;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), digits); it != std::sregex_iterator(); ++it)
      spots.emplace_back(it->position(), it->length());
    if (spots.empty()) return text + number;
    const auto [at, len] = spots[pick(spots.size())];
    return text.replace(at, len, number);
  }
  std::string break_string(std::string text) {
    const std::size_t quote = text.find('"', pick(text.size()));
    if (quote == std::string::npos) return text;
    return text.insert(quote + 1, choose({"\xff", "\xc3", "\xed\xa0\x80", "\xf8\x88\x80\x80\x80"}));
  }
  json nest(std::size_t depth) {
    // Built as text and never parsed: the point is that the reader gets it.
    return json::string_t("\x01nest:" + std::to_string(depth));
  }
  json other_type() {
    switch (pick(6)) {
      case 0:
        return "five";
      case 1:
        return 5;
      case 2:
        return nullptr;
      case 3:
        return json::array({1, "a"});
      case 4:
        return json::object({{"a", 1}});
      default:
        return true;
    }
  }
  // Every value's JSON pointer, to choose one.
  static void pointers(const json& v, const json::json_pointer& at, std::vector<json::json_pointer>& out) {
    out.push_back(at);
    if (v.is_object())
      for (const auto& [k, child] : v.items()) pointers(child, at / k, out);
    else if (v.is_array())
      for (std::size_t i = 0; i < v.size(); ++i) pointers(v[i], at / i, out);
  }
  json at_random_value(const json& doc, json value) {
    std::vector<json::json_pointer> all;
    pointers(doc, json::json_pointer(), all);
    json d = doc;
    const auto& where = all[pick(all.size())];
    if (where.empty()) return value;
    d[where] = std::move(value);
    return d;
  }
  json without_random_member(const json& doc) {
    std::vector<json::json_pointer> all;
    pointers(doc, json::json_pointer(), all);
    json d = doc;
    const auto where = all[pick(all.size())];
    if (where.empty()) return d;
    auto& parent = d[where.parent_pointer()];
    if (parent.is_object())
      parent.erase(where.back());
    else
      parent.erase(std::stoul(where.back()));
    return d;
  }

  std::mt19937_64 rng_;
  bool plan_;
};

// A nest placeholder ("\x01nest:<depth>" as a JSON string) becomes that many nested arrays.
// Found with find, not std::regex: libstdc++'s regex recurses per character and overflows the
// stack on a megabyte of mutant.
std::string expand_nests(std::string text) {
  static const std::string mark = "\"\\u0001nest:";
  for (std::size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at)) {
    const std::size_t digits = at + mark.size(), end = text.find('"', digits);
    const std::size_t depth = std::stoul(text.substr(digits, end - digits));
    text.replace(at, end + 1 - at, std::string(depth, '[') + std::string(depth, ']'));
    at += 2 * depth;
  }
  return text;
}

// What a run's output says about an unreadable file.
void judge_output(tally& t, const util::spawn_result& r, const std::string& output, const fs::path& file,
                  bool expect_message, bool owes_success = false) {
  ++t.runs;
  if (owes_success && !r.signaled && !r.timed_out && r.exit_code != 0) {
    ++t.failed;
    if (t.examples.size() < 3) t.examples.push_back(r.describe() + ": " + output.substr(0, 400));
  }
  const auto keep = [&](const std::string& why) {
    if (t.examples.size() < 3) t.examples.push_back(why + ": " + output.substr(0, 400));
  };
  if (r.timed_out) {
    ++t.hangs;
    keep("hang");
  } else if (r.signaled) {
    ++t.signals;
    keep(r.describe());
  }
  for (const char* library_text : {"json.exception", "[json.", "what():", "terminate called", "type must be"}) {
    if (output.find(library_text) != std::string::npos) {
      ++t.raw;
      keep("raw text");
      break;
    }
  }
  if (!expect_message) return;
  ++t.about_file;
  if (output.find(file.string()) != std::string::npos)
    ++t.names_file;
  else if (t.examples.size() < 3)
    t.examples.push_back("does not name the file: " + output.substr(0, 600));
  static const std::regex path(
      R"re((at [^\n]+?: expected|the document: expected|[A-Za-z_][^ ]* is [a-z ]+, expected|has no "))re");
  if (std::regex_search(output.substr(0, 4096), path))
    ++t.names_path;
  else if (t.examples.size() < 3)
    t.examples.push_back("names no path: " + output.substr(0, 600));
}

util::spawn_result run(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
                       double timeout_s) {
  util::spawn_options o;
  o.argv = argv;
  o.env = env;
  o.capture_stdout = o.capture_stderr = true;
  o.timeout = std::chrono::milliseconds(static_cast<long long>(timeout_s * 1000));
  return util::run_process(o);
}

// Whether a mutant is unreadable, as the tool's reader itself decides: only then must a message
// name the file.
bool unreadable_json(const std::string& text, const fs::path& file) {
  try {
    util::parse_json(text, file);
    return false;
  } catch (const util::json_error&) {
    return true;
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"tune-mutate: mutated sidecars and plans through the tune CLI, counting signals, hangs and raw texts"};
  std::string tool, tree_arg, plan_arg, work_arg = (fs::temp_directory_path() / "tune-mutate").string();
  std::vector<std::string> program;
  int sidecars = 3000, plans = 1000;
  std::uint64_t seed = 1;
  double timeout_s = 20;
  app.add_option("--tool", tool, "the tune executable")->required();
  app.add_option("--tree", tree_arg, "a minted build tree (its first scope's manifest and sidecar are the seeds)")
      ->required();
  app.add_option("--plan", plan_arg, "a plan to mutate (with the program it was made for after --)");
  app.add_option("--sidecars", sidecars, "mutated sidecars");
  app.add_option("--plans", plans, "mutated plans");
  app.add_option("--seed", seed, "the mutations' random seed");
  app.add_option("--timeout-s", timeout_s, "a run taking longer is a hang");
  app.add_option("--work", work_arg, "scratch folder (wiped)");
  app.add_option("program", program, "-- <program> <args>...: what the plan launches");
  CLI11_PARSE(app, argc, argv);
  try {
    const fs::path tree = fs::absolute(tree_arg), work = fs::absolute(work_arg);
    fs::remove_all(work);
    fs::create_directories(work);

    // The scratch tree: the first scope's manifest with every path the tool writes moved here.
    fs::path manifest_in;
    for (const auto& e : fs::directory_iterator(tree / "tune"))
      if (fs::exists(e.path() / "manifest.json")) {
        manifest_in = e.path() / "manifest.json";
        break;
      }
    if (manifest_in.empty()) throw std::runtime_error(tree.string() + " has no tune/<scope>/manifest.json");
    json manifest = *util::read_json(manifest_in);
    const std::string scope = manifest.at("scope");
    const fs::path seed_sidecar = manifest.at("sidecar").get<std::string>();
    const fs::path state = work / "tune" / scope;
    fs::create_directories(state);
    const fs::path sidecar = work / seed_sidecar.filename();
    manifest["sidecar"] = sidecar.string();
    manifest["build_dir"] = work.string();
    manifest["state_dir"] = state.string();
    manifest["stamp_dir"] = (work / "include").string();
    util::write_file_atomic(state / "manifest.json", manifest.dump(2));
    // The tree's stamp record too, as a built tree has one when its sidecar goes bad.
    if (const auto record = util::read_file(manifest_in.parent_path() / "stamp.json"))
      util::write_file_atomic(state / "stamp.json", *record);
    const std::string seed_text = *util::read_file(seed_sidecar);
    const json seed_doc = json::parse(seed_text);

    auto env = util::current_environment();
    env["TUNE_HISTORY"] = (work / "history").string();
    env.erase("TUNE_MANIFEST");
    // The stamp step under `warn` says what it stamped and why; under `fallback` (the CI kill
    // switch) it is silent and must never fail the build.
    auto warn_env = env, fallback_env = env;
    warn_env["TUNE_POLICY"] = "warn";
    fallback_env["TUNE_POLICY"] = "fallback";
    std::string first_family;
    for (const auto& f : manifest.at("families")) {
      first_family = f.at("name");
      break;
    }

    std::map<std::string, tally> tallies;
    const std::vector<std::string> order = {
        "status",  "status --json", "verdict", "explain", "report", "stamp step (warn)", "stamp step (fallback)",
        "plan run"};
    mutator sidecar_mutation(seed, false);
    for (int i = 0; i < sidecars; ++i) {
      const std::string text = expand_nests(sidecar_mutation(seed_text, seed_doc));
      util::write_file_atomic(sidecar, text);
      const bool unreadable = unreadable_json(text, sidecar);
      const std::string dir = work.string();
      const std::vector<std::pair<std::string, std::vector<std::string>>> commands = {
          {"status", {tool, "status", "--build-dir", dir}},
          {"status --json", {tool, "status", "--json", "--build-dir", dir}},
          {"verdict", {tool, "verdict", "--build-dir", dir}},
          {"explain", {tool, "explain", first_family, "--build-dir", dir}},
          {"report", {tool, "report", "--build-dir", dir, "--out", (work / "report.html").string()}},
          {"stamp step (warn)", {tool, "mint", "--when-needed", "--manifest", (state / "manifest.json").string()}},
          {"stamp step (fallback)", {tool, "mint", "--when-needed", "--manifest", (state / "manifest.json").string()}}};
      for (const auto& [name, argv_] : commands) {
        const bool warn = name == "stamp step (warn)", fallback = name == "stamp step (fallback)";
        const auto r = run(argv_, warn ? warn_env : fallback ? fallback_env : env, timeout_s);
        const bool json_out = name == "status --json";
        // The report's output names only the page it wrote: what is wrong with the sidecar is in the page.
        const bool says_why = unreadable && !json_out && !fallback && name != "report";
        judge_output(tallies[name], r, r.out + r.err, sidecar, says_why, fallback);
        if (json_out && !r.signaled && !r.timed_out) {
          // status --json must stay JSON whatever the sidecar holds.
          try {
            util::parse_json(r.out, "status --json");
          } catch (const util::json_error&) {
            ++tallies[name].raw;
            if (tallies[name].examples.size() < 3)
              tallies[name].examples.push_back("not JSON: " + r.out.substr(0, 200));
          }
        }
      }
    }

    if (!plan_arg.empty() && plans > 0) {
      if (program.empty()) throw std::runtime_error("--plan needs the program it launches after --");
      const std::string plan_text = *util::read_file(plan_arg);
      const json plan_doc = json::parse(plan_text);
      // The plan's own folder holds what it refers to (FFTW wisdom); the mutant sits beside it.
      const fs::path mutant = fs::path(plan_arg).parent_path() / ".tune-mutate.plan.json";
      mutator plan_mutation(seed + 1, true);
      for (int i = 0; i < plans; ++i) {
        const std::string text = expand_nests(plan_mutation(plan_text, plan_doc));
        util::write_file_atomic(mutant, text);
        const bool unreadable = unreadable_json(text, mutant);
        std::vector<std::string> argv_ = {tool, "plan", "run", "--plan", mutant.string(), "--"};
        argv_.insert(argv_.end(), program.begin(), program.end());
        const auto r = run(argv_, env, timeout_s);
        judge_output(tallies["plan run"], r, r.out + r.err, mutant, unreadable);
      }
      fs::remove(mutant);
    }

    fmt::print("\n{:<22} {:>6} {:>8} {:>6} {:>9} {:>8} {:>11} {:>11} {:>11}\n", "command", "runs", "signals", "hangs",
               "raw texts", "exit!=0", "unreadable", "names file", "names path");
    bool bad = false;
    for (const auto& name : order) {
      if (!tallies.count(name)) continue;
      const auto& t = tallies[name];
      fmt::print("{:<22} {:>6} {:>8} {:>6} {:>9} {:>8} {:>11} {:>11} {:>11}\n", name, t.runs, t.signals, t.hangs, t.raw,
                 t.failed, t.about_file, t.names_file, t.names_path);
      bad = bad || t.signals || t.hangs || t.raw || t.failed;
      for (const auto& e : t.examples) fmt::print("    {}\n", e);
    }
    fmt::print("\n{} mutated sidecars (seed {}), {} mutated plans; deadline {:.0f} s per run; tool {}\n", sidecars,
               seed, plan_arg.empty() ? 0 : plans, timeout_s, tool);
    fs::remove_all(work);
    return bad ? 1 : 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tune-mutate: %s\n", e.what());
    return 2;
  }
}
