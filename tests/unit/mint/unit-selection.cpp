// `tune mint --only` and TUNE_ONLY (mint/selection.h): which families a mint races.
#include <doctest/doctest.h>

#include <stdexcept>

#include "mint/selection.h"

using namespace tune;

TEST_CASE("a family is selected when its name contains a token") {
  const auto s = mint::selection_of({"gemm, dot", "axpy"}, nullptr);
  CHECK(s.tokens == std::vector<std::string>{"gemm", "dot", "axpy"});
  CHECK(s.active());
  CHECK(s.text() == "--only gemm,dot,axpy");
  CHECK(s.selects("sgemm_small"));
  CHECK(s.selects("dot"));
  CHECK_FALSE(s.selects("stencil"));
  CHECK(mint::unmatched(s, {"sgemm_small", "dot", "stencil"}) == std::vector<std::string>{"axpy"});
}

TEST_CASE("the option wins over TUNE_ONLY; with neither, every family is selected") {
  CHECK(mint::selection_of({"dot"}, "gemm").tokens == std::vector<std::string>{"dot"});
  const auto env = mint::selection_of({}, " gemm ,,");
  CHECK(env.tokens == std::vector<std::string>{"gemm"});
  CHECK(env.text() == "TUNE_ONLY=gemm");
  const auto every = mint::selection_of({}, nullptr);
  CHECK_FALSE(every.active());
  CHECK(every.selects("anything"));
  CHECK_FALSE(mint::selection_of({}, "").active());  // set but empty: as unset
}

TEST_CASE("a selection of no token at all is refused, not read as every family") {
  CHECK_THROWS_WITH_AS(mint::selection_of({","}, nullptr),
                       "--only ',' names no family: give a part of a family's name, e.g. --only dot",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(mint::selection_of({}, " , "),
                       "TUNE_ONLY=' , ' names no family: give a part of a family's name (TUNE_ONLY=dot), or unset it",
                       std::invalid_argument);
}

TEST_CASE("--all, else TUNE_ALL, races every family; TUNE_ALL must be on or off") {
  CHECK(mint::all_of(true, nullptr));
  CHECK(mint::all_of(true, "0"));  // the option wins
  CHECK_FALSE(mint::all_of(false, nullptr));
  for (const char* on : {"1", "ON", "on", " yes ", "True"}) CHECK(mint::all_of(false, on));
  for (const char* off : {"", "0", "OFF", "no", "false"}) CHECK_FALSE(mint::all_of(false, off));
  CHECK_THROWS_WITH_AS(mint::all_of(false, "sometimes"),
                       "TUNE_ALL='sometimes' is neither on nor off: set TUNE_ALL=1 to race every family, or unset it",
                       std::invalid_argument);
}

TEST_CASE("a long TUNE_ONLY or --only is echoed clipped") {
  // A 10,000-character TUNE_ONLY once made a 10,094-character line.
  const std::string long_token(10'000, 'x');
  CHECK(mint::selection_of({}, long_token.c_str()).text() == "TUNE_ONLY=" + std::string(64, 'x') + "...");
  CHECK(mint::selection_of({long_token}, nullptr).text() == "--only " + std::string(64, 'x') + "...");
  const std::string commas(10'000, ',');
  CHECK_THROWS_WITH_AS(mint::selection_of({}, commas.c_str()),
                       ("TUNE_ONLY='" + std::string(64, ',') +
                        "...' names no family: give a part of a family's name (TUNE_ONLY=dot), or unset it")
                           .c_str(),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(mint::all_of(false, long_token.c_str()),
                       ("TUNE_ALL='" + std::string(64, 'x') +
                        "...' is neither on nor off: set TUNE_ALL=1 to race every family, or unset it")
                           .c_str(),
                       std::invalid_argument);
}
