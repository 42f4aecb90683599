// What a command prints for an exception that reached main() (util/error_text.h): the tool's own
// messages as written, a library's text never.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <stdexcept>
#include <system_error>

#include <nlohmann/json.hpp>

#include "util/error_text.h"

using tune::util::error_text;

namespace {

// The text of what `f` throws.
template <class F>
std::string text_of(F f) {
  try {
    f();
  } catch (const std::exception& e) {
    return error_text(e);
  }
  FAIL("nothing was thrown");
  return "";
}

}  // namespace

TEST_CASE("the tool's own messages are printed as they are") {
  CHECK(error_text(std::runtime_error("no scope declares a family 'nosuch'")) == "no scope declares a family 'nosuch'");
  CHECK(error_text(std::invalid_argument("--diff: no mint 7 in this tree's history")) ==
        "--diff: no mint 7 in this tree's history");
}

TEST_CASE("a failed file operation names the file and the system's reason, not the library's text") {
  // Its own name, so trees testing side by side do not share it.
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("tune-error-text-" + std::to_string(::getpid()));
  { std::ofstream(file) << "x"; }
  // A folder under a regular file cannot be made.
  const std::string text = text_of([&] { std::filesystem::create_directories(file / "sub"); });
  CHECK(text == "cannot use \"" + (file / "sub").string() + "\": Not a directory");
  CHECK(text.find("filesystem error") == std::string::npos);
  std::filesystem::remove(file);
  CHECK(error_text(std::system_error(std::make_error_code(std::errc::resource_deadlock_would_occur))) ==
        "a system call failed: Resource deadlock avoided");
}

TEST_CASE("what the standard library and the JSON library throw reads as a bug, without their text") {
  const std::map<int, int> empty;
  const std::string at = text_of([&] { return empty.at(1); });
  CHECK(at == "an internal check failed; this is a bug in cmake-tune: please report it with the command that ran");
  const std::optional<int> none;
  CHECK(text_of([&] { return none.value(); }) == at);
  const std::string json = text_of([] { return nlohmann::json::parse("{").dump(); });
  CHECK(json ==
        "a JSON value had a shape the tool did not check (JSON error 101); this is a bug in cmake-tune: please report "
        "it with the command that ran");
  CHECK(error_text(std::bad_alloc()) == "out of memory");
}

TEST_CASE("a supplied value is shown clipped and printable, as the sidecar's strings are") {
  CHECK(tune::util::shown("dot,gemm") == "dot,gemm");
  CHECK(tune::util::shown(std::string(10'000, 'x')) == std::string(64, 'x') + "...");
  CHECK(tune::util::shown("a\nb") == "a\\x0ab");
}
