#include "mint/progress.h"

#include <unistd.h>

#include <cstdlib>
#include <map>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

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

progress::progress(std::FILE* out) : out_(out), start_(std::chrono::steady_clock::now()) {
  const char* v = std::getenv("TUNE_VERBOSITY");
  const std::string verbosity = v ? v : "normal";
  if (verbosity == "silent") silent_ = true;
  else if (verbosity == "verbose") verbose_ = true;
  else if (verbosity != "normal")
    throw std::invalid_argument(fmt::format("TUNE_VERBOSITY='{}' is not one of silent, normal, verbose", verbosity));
  live_ = isatty(fileno(out_)) && !verbose_;
}

progress::~progress() { finish(); }

void progress::event(const std::string& line) {
  if (!live_) {
    // Not a terminal (or verbose): forward untouched, unless silent on a terminal.
    if (!(silent_ && isatty(fileno(out_)))) {
      std::fputs((line + "\n").c_str(), out_);
      std::fflush(out_);
    }
    return;
  }
  if (silent_) return;
  const std::string body = line.rfind("@tune ", 0) == 0 ? line.substr(6) : line;
  const auto kind = body.substr(0, body.find(' '));
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
    std::fputs("\r\033[K", out_);
    // A companion's verdict is indented under its family's, named with it.
    const std::string name = f.count("name") ? f.at("name") : "";
    const std::string shown = f.count("companion_of") ? fmt::format("  {} ({})", name, f.at("companion_of")) : name;
    std::fputs(fmt::format("  {:<24} {:<20} {:<8} {:+.1f}%\n", shown,
                           f.count("winner") ? f.at("winner") : "", f.count("verdict") ? f.at("verdict") : "",
                           std::atof(f.count("margin") ? f.at("margin").c_str() : "0"))
                   .c_str(),
               out_);
  }
  render();
}

void progress::note(const std::string& text) {
  if (silent_ && isatty(fileno(out_))) return;
  if (live_) std::fputs("\r\033[K", out_);
  std::fputs((text + "\n").c_str(), out_);
  if (live_) render();
  std::fflush(out_);
}

void progress::render() {
  if (!live_ || silent_) return;
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
  if (live_ && !silent_) {
    std::fputs("\r\033[K", out_);
    std::fflush(out_);
  }
  live_ = false;
}

}  // namespace tune::mint
