// The bench's race result as the mint reads it (util/json_reader.h, mint/race_result.h).
#include "fuzz_input.h"
#include "mint/race_result.h"
#include "util/json_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = tune::fuzz::as_file(data, size, "race-result.json");
  tune::fuzz::expect_named_errors(file, [&] {
    const auto doc = tune::util::read_json(file);
    if (doc) tune::mint::check_race_result(*doc, file);
  });
  return 0;
}
