// The execution-plan reader (plan/plan_file.h) the launcher trusts: settings, identity, wisdom.
#include "fuzz_input.h"
#include "plan/plan_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = tune::fuzz::as_file(data, size, "app.plan.json");
  tune::fuzz::expect_named_errors(file, [&] { tune::plan::read_plan(file); });
  return 0;
}
