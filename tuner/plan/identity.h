#pragma once
// A plan's identities: everything that, when it changes, makes the plan's evidence describe a
// different situation. The search records them; the launcher re-derives them and refuses on
// any difference, naming each changed field with both values.
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "plan/allocation.h"
#include "plan/worker.h"

namespace tune::plan {

struct library_identity {
  std::string name;
  std::string path;
  std::string sha256;   // of the file's content; "absent" when it no longer exists
  std::string version;  // FFTW's version string / OpenBLAS's config string, as the pilot reported
};

struct file_identity {
  std::string path;
  std::string sha256;
};

struct plan_identity {
  file_identity program;
  std::string compiler;
  std::vector<library_identity> libraries;
  std::string box;
  std::string topology;
  allocation alloc;
  allocation_request request;  // CPUS / MEMORY, so the launcher re-derives the same allocation
  std::vector<std::string> args;
  std::vector<file_identity> inputs;
  std::map<std::string, std::optional<std::string>> environment;  // knob variables the plan leaves alone
  int pilot_windows = 0;  // recorded; re-deriving it would mean running the program
};

// The facts the libraries at `paths` report about themselves (fftw_version, openblas_config, as
// in worker.h's run_outcome::facts), read the way the pilot reads them inside the program.
using library_fact_reader = std::function<std::map<std::string, std::string>(const std::vector<std::string>& paths)>;

// What identity derivation reads from the machine; tests substitute parts.
struct identity_sources {
  std::string box;                    // tune::box::this_box().identity
  std::string topology;               // cpu_topology()
  system_view system;                 // for the allocation
  library_fact_reader library_facts;  // load_library_facts; the launcher re-reads versions with it
};
identity_sources live_identity_sources();

// Loads each library into this process (the launcher is about to exec the program anyway) and
// reads its facts through the same symbols the pilot uses. A library that cannot be loaded adds
// no facts: its content hash already reports it changed or absent.
std::map<std::string, std::string> load_library_facts(const std::vector<std::string>& paths);

// "2 CPUs online in 1 package, 2 cores, 1 thread per core", from `sys_root`/sys/devices/system/cpu.
std::string cpu_topology(const std::filesystem::path& sys_root = "/");

// The program as launched: argv[0] through PATH when it has no '/'. Throws naming it when absent.
std::filesystem::path resolve_program(const std::string& argv0, const std::map<std::string, std::string>& env);

// Variables a plan's evidence depends on beyond the ones it sets: the knob variables of the
// libraries and the project's own knobs, and every TUNE_KNOB_* present.
std::vector<std::string> watched_variables(const environment& env, const std::vector<std::string>& extra);

struct identity_inputs {
  std::vector<std::string> argv;
  std::vector<std::filesystem::path> inputs;
  std::map<std::string, std::string> libraries;  // name → path (from the pilot)
  std::map<std::string, std::string> facts;      // the pilot's library facts
  allocation_request request;
  environment env;                          // the caller's environment
  std::vector<std::string> plan_variables;  // set or removed by the plan: not watched
  std::vector<std::string> user_variables;  // the project's own knob variables
  int pilot_windows = 0;
};

plan_identity derive_identity(const identity_inputs& in, const identity_sources& sources);

struct identity_change {
  std::string field;
  std::string recorded;
  std::string current;
};

// Every field that differs (pilot_windows and paths are not compared; content hashes are).
std::vector<identity_change> compare_identity(const plan_identity& recorded, const plan_identity& current);

}  // namespace tune::plan

namespace tune::plan {

// The identity a recorded plan would have now, for `argv` launched from `env`: the same
// libraries (re-hashed), inputs (re-hashed), watched variables and allocation request.
plan_identity rederive_identity(const plan_identity& recorded, const std::vector<std::string>& argv,
                                const environment& env, const std::vector<std::string>& plan_variables,
                                const identity_sources& sources);

}  // namespace tune::plan
