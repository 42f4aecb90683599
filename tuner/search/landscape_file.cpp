#include "search/landscape_file.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

namespace tune::search {

namespace {

[[noreturn]] void refuse(const std::string& source, const std::string& where, const std::string& what) {
  throw std::runtime_error(fmt::format("landscape {}: {}: {}", source, where, what));
}

// An axis value as text: landscapes others write may give numbers where this tool writes strings.
std::optional<std::string> value_text(const nlohmann::json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number_float()) return fmt::format("{}", v.get<double>());
  return std::nullopt;
}

}  // namespace

nlohmann::ordered_json to_json(const landscape_file& l) {
  nlohmann::ordered_json axes = nlohmann::ordered_json::object();
  for (const auto& [name, values] : l.axes) axes[name] = values;
  nlohmann::ordered_json points = nlohmann::ordered_json::array();
  for (const auto& p : l.points) {
    nlohmann::ordered_json values = nlohmann::ordered_json::object();
    for (const auto& [axis, _] : l.axes) values[axis] = p.values.at(axis);
    nlohmann::ordered_json point = {{"values", values}};
    if (p.cost)
      point["cost"] = *p.cost;
    else
      point["failed"] = true;
    points.push_back(point);
  }
  return {{"format", landscape_format},
          {"axes", axes},
          {"constraints", l.constraints},
          {"noise_cv_pct", l.noise_cv_pct},
          {"points", points}};
}

landscape_file parse_landscape(const std::string& text, const std::string& source) {
  const auto doc = nlohmann::ordered_json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) refuse(source, "the file", "not a JSON object");
  if (!doc.contains("format") || doc["format"] != landscape_format)
    refuse(source, "format", fmt::format("expected \"{}\"", landscape_format));
  landscape_file l;
  if (!doc.contains("axes") || !doc["axes"].is_object() || doc["axes"].empty())
    refuse(source, "axes", "expected an object of at least one axis, each with its values");
  for (const auto& [name, values] : doc["axes"].items()) {
    if (!values.is_array() || values.empty()) refuse(source, "axes." + name, "expected an array of values");
    std::vector<std::string> texts;
    for (const auto& v : values) {
      const auto t = value_text(v);
      if (!t) refuse(source, "axes." + name, "a value is neither a string nor a number");
      if (std::find(texts.begin(), texts.end(), *t) != texts.end())
        refuse(source, "axes." + name, fmt::format("the value {} is there twice", *t));
      texts.push_back(*t);
    }
    l.axes.emplace_back(name, std::move(texts));
  }
  if (doc.contains("constraints")) {
    if (!doc["constraints"].is_array()) refuse(source, "constraints", "expected an array of expressions");
    for (const auto& c : doc["constraints"]) {
      if (!c.is_string()) refuse(source, "constraints", "an expression is not a string");
      l.constraints.push_back(c.get<std::string>());
    }
  }
  if (doc.contains("noise_cv_pct")) {
    const auto& n = doc["noise_cv_pct"];
    if (!n.is_number() || !(n.get<double>() >= 0) || !std::isfinite(n.get<double>()))
      refuse(source, "noise_cv_pct", "expected a number of at least 0");
    l.noise_cv_pct = n.get<double>();
  }
  if (!doc.contains("points") || !doc["points"].is_array() || doc["points"].empty())
    refuse(source, "points", "expected an array of at least one point");
  std::set<std::vector<std::string>> seen;
  bool any_cost = false;
  for (std::size_t i = 0; i < doc["points"].size(); ++i) {
    const auto& p = doc["points"][i];
    const std::string where = fmt::format("points[{}]", i);
    if (!p.is_object() || !p.contains("values") || !p["values"].is_object())
      refuse(source, where, "expected an object with \"values\"");
    landscape_point point;
    std::vector<std::string> key;
    for (const auto& [axis, values] : l.axes) {
      if (!p["values"].contains(axis)) refuse(source, where, fmt::format("no value for axis {}", axis));
      const auto t = value_text(p["values"][axis]);
      if (!t || std::find(values.begin(), values.end(), *t) == values.end())
        refuse(source, where, fmt::format("axis {} has no value {}", axis, t ? *t : p["values"][axis].dump()));
      point.values[axis] = *t;
      key.push_back(*t);
    }
    if (p["values"].size() != l.axes.size())
      refuse(source, where, "a value for an axis the landscape does not declare");
    if (!seen.insert(key).second) refuse(source, where, "the same point as an earlier one");
    const bool failed = p.contains("failed") && p["failed"] == true;
    if (failed == p.contains("cost")) refuse(source, where, "expected either \"cost\" or \"failed\": true");
    if (!failed) {
      const auto& c = p["cost"];
      if (!c.is_number() || !(c.get<double>() > 0) || !std::isfinite(c.get<double>()))
        refuse(source, where + ".cost", "expected a positive number");
      point.cost = c.get<double>();
      any_cost = true;
    }
    l.points.push_back(std::move(point));
  }
  if (!any_cost) refuse(source, "points", "no point has a cost");
  return l;
}

planted::landscape to_planted(const landscape_file& l, std::string name) {
  planted::landscape out;
  out.name = std::move(name);
  out.noise_cv = l.noise_cv_pct / 100;
  for (const auto& [axis, values] : l.axes) {
    out.points.axes.push_back(axis);
    out.points.sizes.push_back(values.size());
  }
  for (const auto& p : l.points) {
    std::vector<std::uint16_t> index;
    for (const auto& [axis, values] : l.axes)
      index.push_back(
          static_cast<std::uint16_t>(std::find(values.begin(), values.end(), p.values.at(axis)) - values.begin()));
    out.points.points.push_back(std::move(index));
    out.cost.push_back(p.cost ? *p.cost : std::numeric_limits<double>::infinity());
    if (out.cost.back() < out.cost[out.optimum]) out.optimum = out.cost.size() - 1;
  }
  return out;
}

}  // namespace tune::search
