#pragma once
// One file per command (cmd_<command>.cpp), each registering its subcommand on the `tune` app;
// main.cpp only wires them, in the order `tune --help` lists them. A command keeps its options in
// one struct, made with std::make_shared and captured by its callback.
#include <CLI/CLI.hpp>

namespace tune::cli {

// The exit code a subcommand's callback leaves for main() to return.
int& exit_code();

// Exit codes of `tune verdict` and `tune status --check` (docs/cmake-api.md, "The `tune` tool and CI").
constexpr int exit_not_fresh = 3;   // some scope's verdict is not fresh
constexpr int exit_incomplete = 4;  // every scope is fresh, but some family does not run a winner measured here

void register_mint_command(CLI::App& app);
void register_rerun_command(CLI::App& app);
void register_status_command(CLI::App& app);
void register_verdict_command(CLI::App& app);
void register_explain_command(CLI::App& app);
void register_profile_commands(CLI::App& app);  // profile export, profile merge, profile check
void register_box_command(CLI::App& app);
void register_history_command(CLI::App& app);
void register_report_command(CLI::App& app);
void register_plan_commands(CLI::App& app);    // plan search, plan run
void register_space_commands(CLI::App& app);   // space export
void register_isolate_command(CLI::App& app);  // the build's, hidden

}  // namespace tune::cli
