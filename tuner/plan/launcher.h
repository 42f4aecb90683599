#pragma once
// `tune plan run --plan P -- <program> <args>`: re-derive every identity of the plan; refuse,
// naming each changed field with both values, if any differs; otherwise set the environment
// and affinity and exec the program. The whole plan or nothing.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "plan/identity.h"

namespace tune::plan {

class plan_refusal : public std::runtime_error {
 public:
  plan_refusal(const std::string& message, std::vector<identity_change> changes)
      : std::runtime_error(message), changes_(std::move(changes)) {}
  const std::vector<identity_change>& changes() const { return changes_; }

 private:
  std::vector<identity_change> changes_;
};

struct prepared_launch {
  std::filesystem::path program;  // the resolved binary whose content was checked
  std::vector<std::string> argv;
  environment env;
  std::vector<int> cpus;
};

// Throws plan_format_error for a malformed or unknown-format plan, plan_refusal when identities
// changed.
prepared_launch prepare_launch(const std::filesystem::path& plan_path, const std::vector<std::string>& argv,
                               const environment& caller, const identity_sources& sources);

// Sets the affinity and execs; returns only by throwing, naming the program and the reason.
[[noreturn]] void exec_launch(const prepared_launch& launch);

}  // namespace tune::plan
