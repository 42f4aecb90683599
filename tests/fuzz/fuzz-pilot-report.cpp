// The pilot report a searched program writes (plan/process_worker.h).
#include "fuzz_input.h"
#include "plan/process_worker.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = tune::fuzz::as_file(data, size, "pilot.json");
  tune::fuzz::expect_named_errors(file, [&] {
    tune::plan::run_outcome outcome;
    tune::plan::read_pilot_report(file, 0, outcome);
  });
  return 0;
}
