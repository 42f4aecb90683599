#include "harness/supervised.h"

#include <chrono>
#include <cstdlib>
#include <limits>
#include <sstream>

#include <fmt/format.h>

#include "harness/pools.h"
#include "box/platform.h"

namespace tune::bench {

namespace {

using json = nlohmann::json;

std::string signal_text(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  return abbrev ? fmt::format("SIG{}", abbrev) : fmt::format("signal {}", sig);
}

// JSON has no infinity: the child's worst errors arrive as null when infinite (a NaN or an
// infinity in the output where the reference has a number).
double error_number(const json& reply, const char* key) {
  const auto it = reply.find(key);
  if (it == reply.end()) return 0;
  return it->is_number() ? it->get<double>() : std::numeric_limits<double>::infinity();
}

}  // namespace

std::string first_lines(const std::string& text, int lines) {
  std::istringstream in(text);
  std::string line, out;
  for (int n = 0; n < lines && std::getline(in, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    if (line.size() > 200) line = line.substr(0, 200) + "...";
    out += (out.empty() ? "" : "\n") + line;
    ++n;
  }
  return out;
}

std::vector<std::string> emulator_prefix() {
  const char* text = std::getenv(util::bench_emulator_variable);
  if (text == nullptr || *text == '\0') return {};
  // The tool and the build write it (tune/Finalize.cmake); a value that is not an array of strings
  // is a misuse of the variable, and spawning the wrong program would only hide it.
  const auto words = json::parse(text, nullptr, false);
  std::vector<std::string> prefix;
  if (words.is_array())
    for (const auto& word : words)
      if (word.is_string()) prefix.push_back(word.get<std::string>());
  if (prefix.empty() || prefix.size() != words.size())
    throw std::runtime_error(fmt::format("{} is {}, not a JSON array of the emulator's command-line words",
                                         util::bench_emulator_variable, text));
  return prefix;
}

family_session::family_session(std::filesystem::path bench, const family_info& family, double setup_limit_s)
    : bench_(std::move(bench)), family_(family), setup_limit_s_(setup_limit_s) {}

family_session::~family_session() { close(); }

void family_session::close() {
  if (!child_) return;
  if (child_->running() && child_->send(json{{"op", "done"}}.dump())) child_->finish(std::chrono::seconds(5));
  child_.reset();
  referenced_.clear();
}

void family_session::start() {
  util::spawn_options options;
  options.argv = emulator_prefix();
  for (std::string word : {bench_.string(), std::string("serve"), std::string("--family"), family_.name})
    options.argv.push_back(std::move(word));
  options.env = pool_environment(util::current_environment(), pool_size(family_.threads, box::allocation_cpus()));
  child_ = std::make_unique<util::supervised_child>(options);
  ++started_;
  referenced_.clear();
  const auto ready = child_->receive(std::chrono::duration<double>(setup_limit_s_));
  const auto printed = [&] {
    const auto lines = first_lines(child_->output());
    return lines.empty() ? std::string() : "; it printed:\n" + lines;
  };
  if (!ready) {
    const auto& end = child_->ended();
    const std::string how = end.timed_out  ? fmt::format("did not reach fx.run within {:.0f} s", setup_limit_s_)
                            : end.signaled ? fmt::format("was killed by {} before fx.run", signal_text(end.signal))
                                           : fmt::format("exited with status {} before fx.run", end.exit_code);
    const std::string text = fmt::format("the fixture of family {} {}{}", family_.name, how, printed());
    child_.reset();
    throw fixture_failed(text);
  }
  // The child writes its channel with the harness's own code; a message that does not parse means
  // the kernel or fixture overwrote that memory, reported as the fixture failing, never as JSON text.
  const json hello = json::parse(*ready, nullptr, false);
  if (hello.is_discarded() || !hello.is_object()) {
    const std::string text = fmt::format(
        "the fixture of family {} sent the harness a message it cannot read (did the fixture write past a buffer?){}",
        family_.name, printed());
    child_.reset();
    throw fixture_failed(text);
  }
  if (hello.contains("fixture_error")) {
    const std::string text = fmt::format("the fixture of family {} failed: {}{}", family_.name,
                                         hello["fixture_error"].get<std::string>(), printed());
    child_.reset();
    throw fixture_failed(text);
  }
  work_ = hello.value("work", 0.0);
  work_unit_ = hello.value("unit", std::string());
  counters_unavailable_.clear();
  if (const auto why = hello.find("counters_unavailable"); why != hello.end() && why->is_object())
    for (const auto& [event, reason] : why->items())
      if (reason.is_string()) counters_unavailable_[event] = reason.get<std::string>();
}

answer<json> family_session::ask(const json& request, double limit_s, const std::string& limit_text) {
  if (!child_ || !child_->running()) start();
  const std::size_t printed_before = child_->output().size();
  std::optional<std::string> reply;
  if (child_->send(request.dump())) reply = child_->receive(std::chrono::duration<double>(limit_s));
  const std::string printed = first_lines(child_->output().substr(printed_before));
  if (reply) {
    json answer = json::parse(*reply, nullptr, false);
    // What the child sends is only as sound as the row it ran: one that reads, but lacks what its op
    // answers (a row that wrote over the child's memory or onto the harness's channel), is the row's
    // failure like one that does not read, never an error of the harness.
    const bool threw = answer.is_object() && answer.contains("threw") && answer["threw"].is_string();
    const bool timed = answer.is_object() && answer.contains("ns") && answer["ns"].is_number() &&
                       (request.value("op", "") != "check" || (answer.contains("pass") && answer["pass"].is_boolean()));
    if (!threw && !timed) {
      child_.reset();
      referenced_.clear();
      return race::row_failure{"crash",
                               answer.is_discarded() || !answer.is_object()
                                   ? "sent the harness a reply it cannot read (did the row write past a buffer?)"
                                   : "sent the harness a reply without its time (did the row write past a buffer, or "
                                     "onto the harness's channel?)",
                               printed};
    }
    if (threw) return race::row_failure{"throw", answer["threw"].get<std::string>(), printed};
    return answer;
  }
  const auto end = child_->ended();
  child_.reset();
  referenced_.clear();
  if (end.timed_out) return race::row_failure{"timeout", limit_text, printed};
  if (end.signaled) return race::row_failure{"crash", "killed by " + signal_text(end.signal), printed};
  return race::row_failure{"exit", fmt::format("exited with status {}", end.exit_code), printed};
}

answer<reference_calls> family_session::reference(std::size_t table, std::size_t row, int calls, double limit_s,
                                                  const std::string& limit_text) {
  references_[table] = {row, calls, limit_s, limit_text};
  reference_calls out;
  for (int k = 0; k < calls; ++k) {
    auto got = ask({{"op", "reference"}, {"table", table}, {"row", row}, {"call", k}}, limit_s, limit_text);
    if (auto* failure = std::get_if<race::row_failure>(&got)) return *failure;
    const auto& a = std::get<json>(got);
    out.call_ns.push_back(a.at("ns").get<double>());
    out.varies = out.varies || a.value("varies", false);
  }
  referenced_.insert(table);
  return out;
}

answer<row_check> family_session::check(std::size_t table, std::size_t row, int calls, double limit_s,
                                        const std::string& limit_text) {
  if (!referenced_.count(table)) {
    const auto it = references_.find(table);
    if (it == references_.end())
      throw std::logic_error(fmt::format("family {}: a check of table {} before its reference", family_.name, table));
    const reference_request r = it->second;
    auto again = reference(table, r.row, r.calls, r.limit_s, r.limit_text);
    if (auto* failure = std::get_if<race::row_failure>(&again))
      throw fixture_failed(fmt::format("the reference row of family {} failed when its child restarted: {}",
                                       family_.name, failure->summary()));
  }
  row_check c;
  c.of = calls;
  for (int k = 0; k < calls; ++k) {
    auto got = ask({{"op", "check"}, {"table", table}, {"row", row}, {"call", k}}, limit_s, limit_text);
    if (auto* failure = std::get_if<race::row_failure>(&got)) return *failure;
    const auto& a = std::get<json>(got);
    c.call_ns.push_back(a.at("ns").get<double>());
    c.describe = a.value("describe", std::string());
    c.worst_abs = error_number(a, "worst_abs");
    c.worst_rel = error_number(a, "worst_rel");
    c.worst_ulp = error_number(a, "worst_ulp");
    c.pass = a.at("pass").get<bool>();
    c.call = k + 1;
    if (!c.pass) break;
  }
  return c;
}

answer<timed_window> family_session::time(std::size_t table, std::size_t row, int placement, std::uint64_t reps,
                                          double limit_s, const std::string& limit_text) {
  auto got = ask({{"op", "time"}, {"table", table}, {"row", row}, {"placement", placement}, {"reps", reps}}, limit_s,
                 limit_text);
  if (auto* failure = std::get_if<race::row_failure>(&got)) return *failure;
  const json& reply = std::get<json>(got);
  timed_window w{reply.at("ns").get<double>(), {}};
  if (const auto counts = reply.find("counters"); counts != reply.end() && counts->is_object())
    for (const auto& [event, count] : counts->items())
      if (count.is_number() && count.get<double>() >= 0) w.counters[event] = count.get<double>();
  return w;
}

}  // namespace tune::bench
