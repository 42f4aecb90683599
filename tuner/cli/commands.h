#pragma once
// Each command group registers its subcommands on the `tune` app; main.cpp only wires them.
#include <CLI/CLI.hpp>

namespace tune::cli {

// The exit code a subcommand's callback leaves for main() to return.
int& exit_code();

void register_mint_commands(CLI::App& app);     // mint, rerun, status, verdict, explain
void register_box_commands(CLI::App& app);      // box
void register_plan_commands(CLI::App& app);     // plan search, plan run
void register_history_commands(CLI::App& app);  // history
void register_report_commands(CLI::App& app);   // report
void register_isolate_commands(CLI::App& app);  // isolate (the build's, hidden)

}  // namespace tune::cli
