// What a mint prints while it runs (mint/progress.h), by where it goes: a terminal's live line,
// a CI log at each TUNE_VERBOSITY, and a parent that renders the event stream itself.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "mint/progress.h"

using tune::mint::progress;
using tune::mint::verbosity;

namespace {

// A mint of two families, with the step events a race prints by the hundred.
std::vector<std::string> mint_events() {
  std::vector<std::string> out = {"@tune plan scope=s total=2", "@tune begin name=dot rows=4"};
  for (int i = 1; i <= 100; ++i)
    out.push_back("@tune step name=dot phase=screen i=" + std::to_string(i) + " of=100 live=4");
  out.push_back("@tune end name=dot winner=u4 verdict=won margin=+7.2 ms=812");
  out.push_back("@tune begin name=axpy rows=2");
  for (int i = 1; i <= 50; ++i)
    out.push_back("@tune step name=axpy phase=final i=" + std::to_string(i) + " of=50 live=2");
  out.push_back("@tune end name=axpy winner=u1 verdict=demoted ms=300");
  return out;
}

std::string printed(bool terminal, verbosity level, bool forward) {
  std::FILE* f = std::tmpfile();
  {
    progress show(f, terminal, level, forward);
    show.note("cmake-tune: tuning scope s on this box: 2 families, because absent: no sidecar");
    for (const auto& e : mint_events()) show.event(e);
    show.note("cmake-tune: scope s tuned in 1.2s");
  }
  std::rewind(f);
  std::string out;
  char buf[512];
  while (std::fgets(buf, sizeof buf, f)) out += buf;
  std::fclose(f);
  return out;
}

int lines(const std::string& text, const std::string& starting = "") {
  int n = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto end = text.find('\n', at);
    if (text.compare(at, starting.size(), starting) == 0) ++n;
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return n;
}

}  // namespace

TEST_CASE("without a terminal, normal prints one line per family and the tool's notes, no events") {
  const auto out = printed(false, verbosity::normal, false);
  CHECK(out ==
        "cmake-tune: tuning scope s on this box: 2 families, because absent: no sidecar\n"
        "  dot                      u4                   won      +7.2%\n"
        "  axpy                     u1                   demoted  \n"
        "cmake-tune: scope s tuned in 1.2s\n");
  CHECK(lines(out, "@tune") == 0);
}

TEST_CASE("without a terminal, silent prints nothing; verbose every event and the notes") {
  CHECK(printed(false, verbosity::silent, false) == "");
  const auto verbose = printed(false, verbosity::verbose, false);
  CHECK(lines(verbose, "@tune") == static_cast<int>(mint_events().size()));
  CHECK(lines(verbose) == static_cast<int>(mint_events().size()) + 2);
}

TEST_CASE("a parent that renders (TUNE_EVENTS=1) gets every event untouched, even when silent") {
  for (const auto level : {verbosity::silent, verbosity::normal, verbosity::verbose}) {
    const auto out = printed(false, level, true);
    CHECK(lines(out, "@tune") == static_cast<int>(mint_events().size()));
    CHECK(out.find("@tune step name=dot phase=screen i=57 of=100 live=4\n") != std::string::npos);
  }
}

TEST_CASE("on a terminal, normal draws the live line and keeps one line per family") {
  const auto out = printed(true, verbosity::normal, false);
  CHECK(lines(out, "@tune") == 0);
  CHECK(out.find("\r\033[K[#########---------]  1/2  axpy  final") != std::string::npos);
  CHECK(out.find("  dot                      u4                   won      +7.2%\n") != std::string::npos);
  CHECK(printed(true, verbosity::silent, false) == "");
}
