// The `tune` command-line tool: a thin layer over the libraries in tuner/.
#include <cstdio>
#include <exception>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "util/error_text.h"

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
  tune::cli::register_mint_command(app);
  tune::cli::register_rerun_command(app);
  tune::cli::register_status_command(app);
  tune::cli::register_verdict_command(app);
  tune::cli::register_explain_command(app);
  tune::cli::register_profile_commands(app);
  tune::cli::register_box_command(app);
  tune::cli::register_history_command(app);
  tune::cli::register_report_command(app);
  tune::cli::register_plan_commands(app);
  tune::cli::register_space_commands(app);
  tune::cli::register_isolate_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tune: error: %s\n", tune::util::error_text(e).c_str());
    return 1;
  }
  return tune::cli::exit_code();
}
