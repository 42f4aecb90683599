#include "session.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

#include "introspect.h"

namespace tune::runtime_detail {
namespace {

struct knob_read {
  std::string name;
  std::string value;
  bool from_environment;
};

// Everything the program reported; written once, at exit, as tune-pilot/1 JSON.
struct session {
  std::string out_path;
  std::mutex lock;
  long long setup_done_ns = -1;
  std::vector<std::pair<long long, long long>> windows;
  std::vector<knob_read> knobs;
  std::vector<fftw_plan_facts> fftw_plans;
  std::vector<std::string> fftw_wisdom;
  std::string result_type;
  std::size_t result_count = 0;
  bool result_written = false;
};

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (c < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
          out += escaped;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string json_bool(bool value) { return value ? "true" : "false"; }

template <typename T>
std::string json_optional(const std::optional<T>& value) {
  if (!value) return "null";
  if constexpr (std::is_same_v<T, bool>) {
    return json_bool(*value);
  } else {
    return std::to_string(*value);
  }
}

std::string plan_json(const fftw_plan_facts& p) {
  // Appended piece by piece: GCC 12 warns (-Wrestrict) on "literal" + std::string here.
  const std::pair<const char*, std::string> members[] = {
      {"name", json_string(p.name)},
      {"made", json_bool(p.made)},
      {"plan", p.plan.empty() ? std::string("null") : json_string(p.plan)},
      {"planner_threads", json_optional(p.planner_threads)},
      {"effort", json_string(p.effort)},
      {"wisdom_only", json_bool(p.wisdom_only)},
      {"threads_ready", json_bool(p.threads_ready)},
      {"in_place", json_optional(p.in_place)},
      {"in_align", json_optional(p.in_align)},
      {"out_align", json_optional(p.out_align)}};
  std::string j = "{";
  for (const auto& [key, value] : members) {
    if (j.size() > 1) j += ',';
    j += '"';
    j += key;
    j += "\":";
    j += value;
  }
  j += '}';
  return j;
}

std::string render(session& s) {
  std::string j = "{\"format\":\"tune-pilot/1\"";
  j += ",\"exit_ns\":" + std::to_string(monotonic_ns());
  j += ",\"setup_done_ns\":" + (s.setup_done_ns < 0 ? "null" : std::to_string(s.setup_done_ns));
  j += ",\"windows\":[";
  for (std::size_t i = 0; i < s.windows.size(); ++i) {
    j += (i ? ",[" : "[") + std::to_string(s.windows[i].first) + "," + std::to_string(s.windows[i].second) + "]";
  }
  j += "],\"knobs\":[";
  for (std::size_t i = 0; i < s.knobs.size(); ++i) {
    const auto& k = s.knobs[i];
    j += std::string(i ? "," : "") + "{\"name\":" + json_string(k.name) + ",\"value\":" + json_string(k.value) +
         ",\"from_environment\":" + (k.from_environment ? "true" : "false") + "}";
  }
  j += "],\"result\":";
  if (s.result_written) {
    j += "{\"type\":" + json_string(s.result_type) + ",\"count\":" + std::to_string(s.result_count) +
         ",\"file\":" + json_string(s.out_path + ".result") + "}";
  } else {
    j += "null";
  }
  j += ",\"fftw_plans\":[";
  for (std::size_t i = 0; i < s.fftw_plans.size(); ++i) j += (i ? "," : "") + plan_json(s.fftw_plans[i]);
  j += "],\"fftw_wisdom\":[";
  for (std::size_t i = 0; i < s.fftw_wisdom.size(); ++i) {
    j += (i ? "," : "") + json_string(s.fftw_wisdom[i]);
  }
  j += "],\"libraries\":[";
  const auto libraries = loaded_libraries();
  for (std::size_t i = 0; i < libraries.size(); ++i) {
    j += std::string(i ? "," : "") + "{\"name\":" + json_string(libraries[i].name) +
         ",\"path\":" + json_string(libraries[i].path) + "}";
  }
  j += "],\"facts\":{";
  const auto facts = library_facts();
  for (std::size_t i = 0; i < facts.size(); ++i) {
    j += (i ? "," : "") + json_string(facts[i].key) + ":" + json_string(facts[i].value);
  }
  return j + "}}\n";
}

session* the_session = nullptr;

void write_at_exit() {
  session& s = *the_session;
  std::lock_guard guard(s.lock);
  const std::string text = render(s);
  // The parent reads this file only after our exit, so a plain write is enough; a failure must
  // still be loud, or the search would time this run as a program without pilot windows.
  std::FILE* f = std::fopen(s.out_path.c_str(), "wb");
  if (!f || std::fwrite(text.data(), 1, text.size(), f) != text.size() || std::fclose(f) != 0) {
    std::fprintf(stderr, "tune: cannot write the pilot report to %s\n", s.out_path.c_str());
    std::_Exit(78);
  }
}

session* active_session() {
  static session* const active = []() -> session* {
    const char* out = std::getenv("TUNE_PILOT_OUT");
    if (!out || !*out) return nullptr;
    the_session = new session;  // lives until exit; the atexit writer needs it
    the_session->out_path = out;
    std::atexit(write_at_exit);
    return the_session;
  }();
  return active;
}

}  // namespace

long long monotonic_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<long long>(ts.tv_sec) * 1000000000LL + ts.tv_nsec;
}

bool session_active() { return active_session() != nullptr; }

void record_knob(const std::string& name, const std::string& value, bool from_environment) {
  session* s = active_session();
  if (!s) return;
  std::lock_guard guard(s->lock);
  for (const auto& k : s->knobs) {
    if (k.name == name) return;
  }
  s->knobs.push_back({name, value, from_environment});
}

void record_setup_done(long long at_ns) {
  session* s = active_session();
  if (!s) return;
  std::lock_guard guard(s->lock);
  if (s->setup_done_ns < 0) s->setup_done_ns = at_ns;
}

void record_window(long long start_ns, long long end_ns) {
  session* s = active_session();
  if (!s) return;
  std::lock_guard guard(s->lock);
  s->windows.emplace_back(start_ns, end_ns);
}

void record_result(const void* values, std::size_t count, std::size_t element_size) {
  session* s = active_session();
  if (!s) return;
  const std::string path = s->out_path + ".result";
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f || std::fwrite(values, element_size, count, f) != count || std::fclose(f) != 0) {
    refuse("cannot write the pilot result to " + path);
  }
  std::lock_guard guard(s->lock);
  s->result_type = element_size == sizeof(double) ? "f64" : "f32";
  s->result_count = count;
  s->result_written = true;
}

void record_fftw_plan(const fftw_plan_facts& plan) {
  session* s = active_session();
  if (!s) return;
  std::lock_guard guard(s->lock);
  s->fftw_plans.push_back(plan);
}

void record_fftw_wisdom(const std::string& what) {
  session* s = active_session();
  if (!s) return;
  std::lock_guard guard(s->lock);
  s->fftw_wisdom.push_back(what);
}

void refuse(const std::string& message) {
  std::fprintf(stderr, "tune: %s\n", message.c_str());
  std::fflush(stderr);
  std::exit(78);
}

}  // namespace tune::runtime_detail
