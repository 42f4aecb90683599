#include <doctest/doctest.h>

#include "util/utc_time.h"

using namespace tune;
using std::chrono::system_clock;

TEST_CASE("UTC timestamps render the same instant in each form") {
  // 2026-11-29T18:00:00Z is 1795975200 s after the epoch.
  const system_clock::time_point t = system_clock::time_point(std::chrono::seconds(1795975200)) +
                                     std::chrono::milliseconds(123) + std::chrono::microseconds(456);
  CHECK(util::utc_iso8601(t) == "2026-11-29T18:00:00Z");
  CHECK(util::utc_file_stamp(t) == "20261129T180000.123Z");
  CHECK(util::utc_iso8601_ns(1795975200LL * 1'000'000'000LL + 5) == "2026-11-29T18:00:00.000000005Z");
}

TEST_CASE("times before the epoch keep a non-negative sub-second part") {
  CHECK(util::utc_iso8601_ns(-1) == "1969-12-31T23:59:59.999999999Z");
  CHECK(util::utc_iso8601(system_clock::time_point(std::chrono::milliseconds(-1))) == "1969-12-31T23:59:59Z");
}
