#include "mint/progress.h"

#include <unistd.h>

#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

#include "util/error_text.h"

namespace tune::mint {

namespace {

verbosity verbosity_from_environment() {
  const char* v = std::getenv("TUNE_VERBOSITY");
  const std::string level = v ? v : "normal";
  if (level == "silent") return verbosity::silent;
  if (level == "normal") return verbosity::normal;
  if (level == "verbose") return verbosity::verbose;
  throw std::invalid_argument(
      fmt::format("TUNE_VERBOSITY='{}' is not one of silent, normal, verbose", util::shown(level)));
}

bool events_from_environment() {
  const char* v = std::getenv("TUNE_EVENTS");
  const std::string value = v ? v : "";
  if (value.empty() || value == "0") return false;
  if (value == "1") return true;
  throw std::invalid_argument(fmt::format("TUNE_EVENTS='{}' is not 1 (forward every event) or 0", util::shown(value)));
}

}  // namespace

progress::progress(std::FILE* out)
    : progress(out, isatty(fileno(out)) != 0, verbosity_from_environment(), events_from_environment()) {}

progress::progress(std::FILE* out, bool terminal, verbosity level, bool forward_events)
    : out_(out), start_(std::chrono::steady_clock::now()) {
  forward_ = forward_events || level == verbosity::verbose;
  silent_ = !forward_events && level == verbosity::silent;
  live_ = terminal && !forward_ && !silent_;
}

progress::~progress() { finish(); }

void progress::track(const race::progress_event& e) {
  using kind = race::progress_event::kind;
  if (e.what == kind::plan) {
    total_ += e.total;
  } else if (e.what == kind::begin) {
    family_ = e.name;
    phase_ = "screen";
    i_ = of_ = 0;
    rows_live_ = e.rows;
  } else if (e.what == kind::step) {
    phase_ = e.phase;
    i_ = e.i;
    of_ = e.of;
    rows_live_ = e.live;
  } else {
    ++done_;
  }
}

void progress::event(const std::string& line) {
  if (forward_) {
    std::fputs((line + "\n").c_str(), out_);
    std::fflush(out_);
    return;
  }
  if (silent_) return;
  const auto e = race::parse_event(line);
  if (e) track(*e);
  if (!e || e->what != race::progress_event::kind::end) {
    render();
    return;
  }
  // One line per family as it ends; a companion's is indented under its family's, named with it.
  const std::string shown = e->companion_of ? fmt::format("  {} ({})", e->name, *e->companion_of) : e->name;
  const std::string margin = e->margin_pct ? fmt::format("{:+.1f}%", *e->margin_pct) : "";
  if (live_) std::fputs("\r\033[K", out_);
  std::fputs(fmt::format("  {:<24} {:<20} {:<8} {}\n", shown, e->winner, e->verdict ? race::to_string(*e->verdict) : "",
                         margin)
                 .c_str(),
             out_);
  render();
  std::fflush(out_);
}

void progress::note(const std::string& text) {
  if (silent_) return;
  if (live_) std::fputs("\r\033[K", out_);
  std::fputs((text + "\n").c_str(), out_);
  if (live_) render();
  std::fflush(out_);
}

void progress::render() {
  if (!live_) return;
  const int width = 18;
  const int filled = total_ ? done_ * width / total_ : 0;
  const auto secs = static_cast<int>(std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count());
  const std::string elapsed = secs >= 60 ? fmt::format("{}m{:02}s", secs / 60, secs % 60) : fmt::format("{}s", secs);
  std::fputs(fmt::format("\r\033[K[{}{}] {:>2}/{}  {}  {} {}/{}  {} live  {}", std::string(filled, '#'),
                         std::string(width - filled, '-'), done_, total_, family_, phase_, i_, of_, rows_live_, elapsed)
                 .c_str(),
             out_);
  std::fflush(out_);
}

void progress::finish() {
  if (live_) {
    std::fputs("\r\033[K", out_);
    std::fflush(out_);
  }
  live_ = false;
}

}  // namespace tune::mint
