#pragma once
// `tune profile export`: registered beside the mint commands (cmd_mint.cpp), whose scope options it shares.
#include <CLI/CLI.hpp>

namespace tune::cli {

void register_profile_commands(CLI::App& app);

}  // namespace tune::cli
