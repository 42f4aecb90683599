// The defaults-profile reader (profile/format.h).
#include "fuzz_input.h"
#include "profile/format.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = tune::fuzz::as_file(data, size, "x86-avx2.tune-defaults.json");
  tune::fuzz::expect_named_errors(file, [&] { tune::profile::read_profile(file); });
  return 0;
}
