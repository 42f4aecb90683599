// The sidecar reader (sidecar/verdict.h): load and shape-check, then the verdict a build takes
// from it. Never throws for a bad file; the verdict's message names the file.
#include "fuzz_input.h"
#include "sidecar/verdict.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = tune::fuzz::as_file(data, size, "app.tune.json");
  tune::fuzz::expect_named_errors(file, [&] {
    const auto loaded = tune::sidecar::load(file);
    tune::fuzz::check_message(loaded.error, file, false);
    tune::sidecar::expectation want{"e2e", 1, tune::fuzz::folder() / "no-bench", {"planted", "twins"}, "box", ""};
    const auto judged = tune::sidecar::judge(loaded, want);
    tune::fuzz::check_message(judged.message, file);
  });
  return 0;
}
