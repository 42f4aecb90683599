#pragma once
// UTC timestamps as text: ISO-8601 for files people read, a compact form for file names.
#include <chrono>
#include <string>

namespace tune::util {

// "2026-11-29T18:00:00Z" (whole seconds).
std::string utc_iso8601(std::chrono::system_clock::time_point t);

// "2026-11-29T18:00:00.123456789Z": nanoseconds since the epoch, as file times are compared.
std::string utc_iso8601_ns(long long ns_since_epoch);

// "20261129T180000.123Z": sorts chronologically as text and is safe in a file name.
std::string utc_file_stamp(std::chrono::system_clock::time_point t);

}  // namespace tune::util
