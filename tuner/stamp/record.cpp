#include "stamp/record.h"

#include "stamp/describe.h"
#include "util/json_reader.h"
#include "util/json_members.h"

namespace tune::stamp {
using nlohmann::json;

namespace {

std::optional<std::string> string_or_null(const util::json_at& v) {
  if (v.value().is_null()) return std::nullopt;
  return v.string();
}

}  // namespace

family_entry entry_of(const seat& s) {
  family_entry e;
  e.suffix = s.suffix;
  e.source = source_text(s);
  e.why = why(s);
  if (!s.profile_class.empty()) e.profile_class = s.profile_class;
  if (!s.adopted_from.empty()) e.adopted_from = s.adopted_from;
  e.measured_here = s.from == source::sidecar && s.adopted_from.empty() && s.race_verdict != race::verdict::budget;
  e.margin_pct = s.margin_pct;
  e.demoted = s.demoted;
  e.demoted_margin_pct = s.demoted_margin_pct;
  e.median_ns = s.median_ns;
  e.rate = s.rate;
  e.fallback = s.fallback;
  e.problems = s.problems;
  for (const auto& c : s.companions)
    e.companions[c.name] = {c.suffix, c.own_entry ? "sidecar" : "family", companion_why(c)};
  e.steps = s.steps;
  return e;
}

void to_json(json& out, const companion_entry& c) {
  out = {{"suffix", c.suffix}, {"source", c.source}, {"why", c.why}};
}

void to_json(json& out, const family_entry& e) {
  out = {{"suffix", e.suffix},
         {"source", e.source},
         {"why", e.why},
         {"profile_class", util::or_null(e.profile_class)},
         {"adopted_from", util::or_null(e.adopted_from)},
         {"measured_here", e.measured_here},
         {"margin_pct", util::or_null(e.margin_pct)},
         {"demoted", util::or_null(e.demoted)},
         {"demoted_margin_pct", util::or_null(e.demoted_margin_pct)},
         {"median_ns", util::or_null(e.median_ns)},
         {"rate", util::or_null(e.rate)},
         {"fallback", e.fallback},
         {"problems", e.problems},
         {"companions", e.companions},
         {"steps", e.steps}};
}

void to_json(json& out, const stamp_record& r) {
  out = {{"scope", r.scope},
         {"verdict", r.verdict},
         {"verdict_message", r.verdict_message},
         {"policy", r.policy},
         {"families", r.families}};
}

stamp_record parse_stamp_record(const json& doc, const std::filesystem::path& file) {
  const util::json_at root(doc, file);
  stamp_record r;
  if (const auto scope = root.find("scope")) r.scope = scope->string();
  r.verdict = root["verdict"].string();
  r.verdict_message = root["verdict_message"].string();
  r.policy = root["policy"].string();
  const auto families = root["families"].object();
  for (const auto& [name, _] : doc.at("families").items()) {
    const auto at = families[name].object();
    family_entry e;
    e.suffix = at["suffix"].string();
    e.source = at["source"].string();
    e.why = at["why"].string();
    e.fallback = at["fallback"].string();
    if (const auto v = at.find("profile_class")) e.profile_class = string_or_null(*v);
    if (const auto v = at.find("adopted_from")) e.adopted_from = string_or_null(*v);
    // A record stamped before measured_here was written knew no budget seats apart.
    if (const auto v = at.find("measured_here"))
      e.measured_here = v->boolean();
    else
      e.measured_here = e.source == "sidecar" && !e.adopted_from;
    e.margin_pct = at["margin_pct"].number_or_null();
    if (const auto v = at.find("demoted_margin_pct")) e.demoted_margin_pct = v->number_or_null();
    if (const auto v = at.find("demoted")) e.demoted = string_or_null(*v);
    if (const auto v = at.find("median_ns")) e.median_ns = v->number_or_null();
    if (const auto v = at.find("rate")) e.rate = string_or_null(*v);
    e.steps = at["steps"].strings();
    if (const auto v = at.find("problems")) e.problems = v->strings();
    const auto companions = at["companions"].object();
    for (const auto& [companion, __] : companions.value().items()) {
      const auto c = companions[companion].object();
      e.companions[companion] = {c["suffix"].string(), c["source"].string(), c["why"].string()};
    }
    r.families[name] = std::move(e);
  }
  return r;
}

}  // namespace tune::stamp
