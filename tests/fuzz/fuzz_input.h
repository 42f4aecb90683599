#pragma once
// What every harness shares: the fuzz input as a file the reader opens (one folder per process,
// removed at exit), and the checks that turn a bad message into a libFuzzer finding.
#include <stdlib.h>
#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

namespace tune::fuzz {

inline const std::filesystem::path& folder() {
  static const std::filesystem::path dir = [] {
    std::string name = (std::filesystem::temp_directory_path() / "tune-fuzz-XXXXXX").string();
    if (!::mkdtemp(name.data())) std::abort();
    std::atexit([] { std::filesystem::remove_all(folder()); });
    return std::filesystem::path(name);
  }();
  return dir;
}

// Writes the input to <folder>/<name> and returns that path.
inline std::filesystem::path as_file(const std::uint8_t* data, std::size_t size, const std::string& name) {
  const auto path = folder() / name;
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  return path;
}

// A finding: the message shows the JSON library's text, or (when `names_file`) does not name the
// input file it is about. A marker the input itself carries (libFuzzer learns them from the
// comparisons below) may be echoed inside a key or a value, so only a marker absent from the input
// counts as the library's.
// An input byte an excerpt shows escaped ("\x9c") is the input's too: its hex digits must not
// complete a marker ("\x9c" + "annot use at() with"), so escapes are blanked before the search.
inline std::string without_escapes(const std::string& what) {
  std::string out;
  for (std::size_t i = 0; i < what.size(); ++i) {
    if (what.compare(i, 2, "\\x") == 0 && i + 3 < what.size() &&
        std::isxdigit(static_cast<unsigned char>(what[i + 2])) &&
        std::isxdigit(static_cast<unsigned char>(what[i + 3]))) {
      out += '?';
      i += 3;
    } else
      out += what[i];
  }
  return out;
}

inline void check_message(const std::string& message, const std::filesystem::path& file, bool names_file = true) {
  std::ifstream in(file, std::ios::binary);
  const std::string input((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string what = without_escapes(message);
  for (const std::string library_text : {"json.exception", "[json.", "type must be", "cannot use at() with"}) {
    // An excerpt of the input cut short ends in "...", which completes a marker ending in '.'
    // ("[json" + "..."): such a marker is echoed when the input holds it without that '.'.
    const std::string echoed =
        library_text.back() == '.' ? library_text.substr(0, library_text.size() - 1) : library_text;
    if (what.find(library_text) != std::string::npos && input.find(echoed) == std::string::npos) {
      std::fprintf(stderr, "library text in a message: %s\n", what.c_str());
      std::abort();
    }
  }
  if (names_file && message.find(file.string()) == std::string::npos) {
    std::fprintf(stderr, "a message that does not name %s: %s\n", file.c_str(), what.c_str());
    std::abort();
  }
}

// Runs `read`; an error of the tool's (std::runtime_error) is checked, a JSON library exception
// is a finding, and anything else escapes to libFuzzer as one.
template <class F>
void expect_named_errors(const std::filesystem::path& file, F&& read) {
  try {
    read();
  } catch (const nlohmann::json::exception& e) {
    std::fprintf(stderr, "a JSON library exception escaped: %s\n", e.what());
    std::abort();
  } catch (const std::runtime_error& e) {
    check_message(e.what(), file);
  }
}

}  // namespace tune::fuzz
