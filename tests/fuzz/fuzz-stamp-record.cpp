// The stamp record reader (stamp/write.h) that status and explain read.
#include "fuzz_input.h"
#include "stamp/write.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = tune::fuzz::as_file(data, size, "stamp.json");
  tune::manifest m;
  m.state_dir = tune::fuzz::folder();
  tune::fuzz::expect_named_errors(file, [&] { tune::stamp::read_stamp_record(m); });
  return 0;
}
