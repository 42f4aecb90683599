#include "race/event.h"

#include <cstdlib>
#include <map>
#include <utility>
#include <sstream>

#include <fmt/format.h>

namespace tune::race {

namespace {

using field_map = std::map<std::string, std::string>;

field_map fields(const std::string& body) {
  field_map out;
  std::istringstream in(body);
  std::string word;
  while (in >> word)
    if (const auto eq = word.find('='); eq != std::string::npos) out[word.substr(0, eq)] = word.substr(eq + 1);
  return out;
}

std::string text(const field_map& f, const char* key) {
  const auto it = f.find(key);
  return it == f.end() ? std::string() : it->second;
}

int number(const field_map& f, const char* key) { return std::atoi(text(f, key).c_str()); }

std::optional<double> real(const field_map& f, const char* key) {
  const auto it = f.find(key);
  if (it == f.end()) return std::nullopt;
  return std::strtod(it->second.c_str(), nullptr);
}

std::optional<progress_event::kind> kind_of(const std::string& word) {
  using k = progress_event::kind;
  static const std::pair<k, const char*> kinds[] = {
      {k::plan, "plan"}, {k::begin, "begin"}, {k::step, "step"}, {k::end, "end"}};
  for (const auto& [what, said] : kinds)
    if (word == said) return what;
  return std::nullopt;
}

}  // namespace

std::string to_line(const progress_event& e) {
  switch (e.what) {
    case progress_event::kind::plan:
      return fmt::format("plan scope={} total={}", e.scope, e.total);
    case progress_event::kind::begin:
      return fmt::format("begin name={} rows={}", e.name, e.rows);
    case progress_event::kind::step:
      return fmt::format("step name={} phase={} i={} of={} live={}", e.name, e.phase, e.i, e.of, e.live);
    case progress_event::kind::end:
      // margin= only when a row won the seat: the fallback in its own seat has none.
      return fmt::format("end name={}{} winner={} verdict={}{} ms={:.0f}", e.name,
                         e.companion_of ? " companion_of=" + *e.companion_of : std::string(), e.winner,
                         e.verdict ? to_string(*e.verdict) : "",
                         e.margin_pct ? fmt::format(" margin={:+.1f}", *e.margin_pct) : std::string(), e.ms);
  }
  return "";
}

std::optional<progress_event> parse_event(const std::string& line) {
  const std::string body = line.rfind("@tune ", 0) == 0 ? line.substr(6) : line;
  const auto what = kind_of(body.substr(0, body.find(' ')));
  if (!what) return std::nullopt;
  const auto f = fields(body);
  progress_event e;
  e.what = *what;
  e.name = text(f, "name");
  e.scope = text(f, "scope");
  e.total = number(f, "total");
  e.rows = number(f, "rows");
  e.phase = text(f, "phase");
  e.i = number(f, "i");
  e.of = number(f, "of");
  e.live = number(f, "live");
  if (f.count("companion_of")) e.companion_of = f.at("companion_of");
  e.winner = text(f, "winner");
  e.verdict = verdict_of(text(f, "verdict"));
  e.margin_pct = real(f, "margin");
  e.ms = real(f, "ms").value_or(0);
  return e;
}

}  // namespace tune::race
