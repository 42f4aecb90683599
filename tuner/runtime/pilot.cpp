// tune::pilot: timestamps on CLOCK_MONOTONIC, handed to the session (a no-op outside a search).
#include "session.h"
#include "tune/runtime.h"

namespace tune::pilot {

void setup_done() {
  if (runtime_detail::session_active()) runtime_detail::record_setup_done(runtime_detail::monotonic_ns());
}

window::window() : start_ns_(runtime_detail::session_active() ? runtime_detail::monotonic_ns() : 0) {}

window::~window() {
  if (start_ns_ != 0) runtime_detail::record_window(start_ns_, runtime_detail::monotonic_ns());
}

void result(const double* values, std::size_t count) { runtime_detail::record_result(values, count, sizeof(double)); }

void result(const float* values, std::size_t count) { runtime_detail::record_result(values, count, sizeof(float)); }

}  // namespace tune::pilot
