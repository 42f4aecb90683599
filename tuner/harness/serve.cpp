#include "harness/serve.h"

#include <sys/prctl.h>

#include <chrono>
#include <csignal>
#include <map>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/tolerance.h"
#include "measure/counters.h"
#include "util/subprocess.h"

namespace tune::bench {

namespace {

using json = nlohmann::json;

// Exception texts come from user code: bytes that are not UTF-8 are replaced, never a throw.
bool send(const json& message) {
  return util::write_channel(message.dump(-1, ' ', false, json::error_handler_t::replace));
}

double elapsed_ns(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - since).count();
}

class server {
 public:
  server(const family_info& family, row_calls& calls) : tolerance_(parse_tolerance(family.tolerance)), calls_(calls) {}

  // Answers requests until the supervisor says done or closes the channel.
  void loop() {
    send({{"ready", true},
          {"work", calls_.work()},
          {"unit", calls_.work_unit()},
          {"fresh", calls_.fresh_inputs()},
          {"counters_unavailable", counters_.unavailable()}});
    while (const auto message = util::read_channel()) {
      const json request = json::parse(*message);
      const std::string op = request.at("op");
      if (op == "done") return;
      json reply;
      try {
        reply = answer(op, request);
      } catch (const std::exception& e) {
        reply = {{"threw", e.what()}};
      } catch (...) {
        reply = {{"threw", "an exception that is not a std::exception"}};
      }
      if (!send(reply)) return;
    }
  }

 private:
  json answer(const std::string& op, const json& request) {
    const std::size_t table = request.at("table");
    if (op == "reference") return reference(table, request.at("row"), request.at("call"));
    if (op == "check") return check(table, request.at("row"), request.at("call"));
    if (op == "time") {
      // Enabled and read outside calls_.time's own clock reads: the window's time is not theirs.
      counters_.start();
      const double ns = calls_.time(table, request.at("row"), request.at("placement"), request.at("reps"));
      return {{"ns", ns}, {"counters", counters_.stop()}};
    }
    throw std::invalid_argument("unknown request '" + op + "'");
  }

  // Call k of the reference, the first from the fixture's inputs: what call k of every other row
  // is compared with.
  json reference(std::size_t table, std::size_t row, std::size_t call) {
    auto& outputs = reference_[table];
    if (call == 0) outputs.clear();
    if (call != outputs.size()) throw std::logic_error("reference calls out of order");
    const auto start = std::chrono::steady_clock::now();
    outputs.push_back(calls_.call(table, row, call == 0));
    const double ns = elapsed_ns(start);
    return {{"ns", ns}, {"varies", !compare(outputs.back(), outputs.front(), tolerance_).pass}};
  }

  // Call k of the row against call k of the reference.
  json check(std::size_t table, std::size_t row, std::size_t call) {
    const auto& want = reference_.at(table).at(call);
    const auto start = std::chrono::steady_clock::now();
    const auto got = calls_.call(table, row, call == 0);
    const double ns = elapsed_ns(start);
    const auto c = compare(got, want, tolerance_);
    return {{"pass", c.pass},           {"describe", c.describe()}, {"worst_abs", c.worst_abs},
            {"worst_rel", c.worst_rel}, {"worst_ulp", c.worst_ulp}, {"ns", ns}};
  }

  tolerance tolerance_;
  row_calls& calls_;
  measure::counter_set counters_;  // opened on the thread that calls the rows
  std::map<std::size_t, std::vector<detail::output>> reference_;
};

}  // namespace

int serve_family(const family_info& family) {
  // A child whose supervisor died (killed by a build's interrupt, say) must not spin on alone.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  auto driver = family.make_driver();
  bool served = false;
  try {
    driver->run([&](row_calls& calls) {
      served = true;
      server(family, calls).loop();
    });
  } catch (const std::exception& e) {
    if (!served) send({{"fixture_error", e.what()}});
    return 2;
  } catch (...) {
    if (!served) send({{"fixture_error", "it threw an exception that is not a std::exception"}});
    return 2;
  }
  return 0;
}

}  // namespace tune::bench
