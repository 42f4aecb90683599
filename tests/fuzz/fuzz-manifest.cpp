// The manifest reader (manifest/manifest.h): what CMake's configure writes for the tool.
#include "fuzz_input.h"
#include "manifest/manifest.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = tune::fuzz::as_file(data, size, "manifest.json");
  tune::fuzz::expect_named_errors(file, [&] { tune::load_manifest(file); });
  return 0;
}
