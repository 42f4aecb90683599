#include "util/utc_time.h"

#include <cstdio>
#include <ctime>

namespace tune::util {

namespace {

std::tm utc_fields(std::time_t seconds) {
  std::tm fields{};
  gmtime_r(&seconds, &fields);
  return fields;
}

// Floor division, so times before the epoch keep a non-negative sub-second part.
std::pair<long long, long long> split_ns(long long ns) {
  long long seconds = ns / 1'000'000'000LL;
  long long rest = ns % 1'000'000'000LL;
  if (rest < 0) {
    rest += 1'000'000'000LL;
    --seconds;
  }
  return {seconds, rest};
}

long long ns_since_epoch(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

}  // namespace

std::string utc_iso8601(std::chrono::system_clock::time_point t) {
  const std::tm f = utc_fields(static_cast<std::time_t>(split_ns(ns_since_epoch(t)).first));
  char text[96];
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02dZ", f.tm_year + 1900, f.tm_mon + 1, f.tm_mday,
                f.tm_hour, f.tm_min, f.tm_sec);
  return text;
}

std::string utc_iso8601_ns(long long ns) {
  const auto [seconds, rest] = split_ns(ns);
  const std::tm f = utc_fields(static_cast<std::time_t>(seconds));
  char text[96];
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%09lldZ", f.tm_year + 1900, f.tm_mon + 1, f.tm_mday,
                f.tm_hour, f.tm_min, f.tm_sec, rest);
  return text;
}

std::string utc_file_stamp(std::chrono::system_clock::time_point t) {
  const auto [seconds, rest] = split_ns(ns_since_epoch(t));
  const std::tm f = utc_fields(static_cast<std::time_t>(seconds));
  char text[96];
  std::snprintf(text, sizeof text, "%04d%02d%02dT%02d%02d%02d.%03lldZ", f.tm_year + 1900, f.tm_mon + 1, f.tm_mday,
                f.tm_hour, f.tm_min, f.tm_sec, rest / 1'000'000LL);
  return text;
}

}  // namespace tune::util
