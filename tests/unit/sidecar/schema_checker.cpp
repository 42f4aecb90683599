#include "schema_checker.h"

#include <chrono>
#include <sstream>
#include <stdexcept>

#include "test_files.h"
#include "util/subprocess.h"

namespace tune::test {

std::vector<std::string> schema_violations(const nlohmann::json& schema, const nlohmann::json& doc) {
  temp_dir dir;
  write_text(dir / "schema.json", schema.dump());
  const auto document = (dir / "document.json").string();
  write_text(document, doc.dump());
  util::spawn_options run;
  run.argv = {TUNE_SCHEMA_VALIDATOR, (dir / "schema.json").string(), document};
  run.capture_stdout = true;
  run.capture_stderr = true;
  run.timeout = std::chrono::seconds(60);
  const auto result = util::run_process(run);
  if (result.signaled || result.timed_out || (result.exit_code != 0 && result.exit_code != 1))
    throw std::runtime_error("the schema validator " + std::string(TUNE_SCHEMA_VALIDATOR) + " failed (" +
                             result.describe() + "): " + result.err);
  // Each line is "<document>: <pointer>: <message>".
  std::vector<std::string> violations;
  std::istringstream lines(result.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(document + ": ", 0) != 0) throw std::runtime_error("the schema validator printed: " + line);
    violations.push_back(line.substr(document.size() + 2));
  }
  if (result.exit_code == 1 && violations.empty())
    throw std::runtime_error("the schema validator failed without naming a violation: " + result.err);
  return violations;
}

}  // namespace tune::test
