// The `tune` command-line tool: a thin layer over the libraries in tuner/.
#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.h"

namespace tune::cli {
int& exit_code() {
  static int code = 0;
  return code;
}
}  // namespace tune::cli

int main(int argc, char** argv) {
  CLI::App app{"cmake-tune: empirical kernel tuning as part of an ordinary CMake build"};
  app.set_version_flag("--version", "cmake-tune " TUNE_VERSION);
  app.require_subcommand(1);
  tune::cli::register_mint_commands(app);
  tune::cli::register_box_commands(app);
  tune::cli::register_history_commands(app);
  tune::cli::register_report_commands(app);
  tune::cli::register_plan_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const nlohmann::json::exception& e) {
    // Every file is read through util/json_reader.h, which names the file and the value; a JSON
    // library error reaching here is a value the tool failed to check: a bug, reported as one and
    // without the library's text.
    std::fprintf(stderr,
                 "tune: error: a JSON value had a shape the tool did not check (JSON error %d); this is a bug in "
                 "cmake-tune: please report it with the command that ran\n",
                 e.id);
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tune: error: %s\n", e.what());
    return 1;
  }
  return tune::cli::exit_code();
}
