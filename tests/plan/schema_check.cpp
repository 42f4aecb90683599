// plan_schema_check <schema.json> <document.json>: prints every violation of the document against
// the schema and exits 1 when there is one, so the end-to-end test checks the files a real search
// wrote with the same validator the unit tests use.
#include <cstdio>
#include <exception>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "schema_checker.h"

namespace {

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  try {
    return nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::parse_error& e) {
    throw std::runtime_error(path + " is not JSON: " + e.what());
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: plan_schema_check <schema.json> <document.json>\n");
    return 2;
  }
  try {
    const auto violations = tune::test::schema_violations(read_json(argv[1]), read_json(argv[2]));
    for (const auto& v : violations) std::fprintf(stderr, "%s: %s\n", argv[2], v.c_str());
    return violations.empty() ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "plan_schema_check: %s\n", e.what());
    return 2;
  }
}
