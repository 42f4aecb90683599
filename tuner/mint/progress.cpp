#include "mint/progress.h"

#include <unistd.h>

#include <cstdlib>
#include <map>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "util/error_text.h"

namespace tune::mint {

namespace {

std::map<std::string, std::string> fields(const std::string& line) {
  std::map<std::string, std::string> out;
  std::istringstream in(line);
  std::string word;
  while (in >> word)
    if (const auto eq = word.find('='); eq != std::string::npos) out[word.substr(0, eq)] = word.substr(eq + 1);
  return out;
}

int number(const std::map<std::string, std::string>& f, const char* key) {
  const auto it = f.find(key);
  return it == f.end() ? 0 : std::atoi(it->second.c_str());
}

}  // namespace

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

void progress::track(const std::string& kind, const std::string& body) {
  const auto f = fields(body);
  if (kind == "plan") {
    total_ += number(f, "total");
  } else if (kind == "begin") {
    family_ = f.count("name") ? f.at("name") : "";
    phase_ = "screen";
    i_ = of_ = 0;
    rows_live_ = number(f, "rows");
  } else if (kind == "step") {
    phase_ = f.count("phase") ? f.at("phase") : "";
    i_ = number(f, "i");
    of_ = number(f, "of");
    rows_live_ = number(f, "live");
  } else if (kind == "end") {
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
  const std::string body = line.rfind("@tune ", 0) == 0 ? line.substr(6) : line;
  const auto kind = body.substr(0, body.find(' '));
  track(kind, body);
  if (kind != "end") {
    render();
    return;
  }
  // One line per family as it ends; a companion's is indented under its family's, named with it.
  const auto f = fields(body);
  const std::string name = f.count("name") ? f.at("name") : "";
  const std::string shown = f.count("companion_of") ? fmt::format("  {} ({})", name, f.at("companion_of")) : name;
  const std::string margin = f.count("margin") ? f.at("margin") + "%" : "";
  if (live_) std::fputs("\r\033[K", out_);
  std::fputs(fmt::format("  {:<24} {:<20} {:<8} {}\n", shown, f.count("winner") ? f.at("winner") : "",
                         f.count("verdict") ? f.at("verdict") : "", margin)
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
