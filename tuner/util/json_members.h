#pragma once
// How records write what they may not have, and members a typed record does not name. The sidecar's records
// (sidecar/document.h, race/table.h) keep them, so a rewrite by this version keeps what another version or another tool
// added there (docs/sidecar.md "Writes never lose data").
#include <initializer_list>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

namespace tune::util {

// An optional's value, or null: how every record here writes a value it may not have.
template <class T>
nlohmann::json or_null(const std::optional<T>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json();
}

// The members of `object` whose keys are not in `named`; an empty object for anything else.
inline nlohmann::json other_members(const nlohmann::json& object, std::initializer_list<std::string_view> named) {
  nlohmann::json out = nlohmann::json::object();
  if (!object.is_object()) return out;
  for (const auto& [key, value] : object.items()) {
    bool is_named = false;
    for (const std::string_view n : named) is_named = is_named || key == n;
    if (!is_named) out[key] = value;
  }
  return out;
}

// Puts `other`'s members into `out`, never over a member `out` already has.
inline void put_other_members(nlohmann::json& out, const nlohmann::json& other) {
  if (!other.is_object()) return;
  for (const auto& [key, value] : other.items())
    if (!out.contains(key)) out[key] = value;
}

}  // namespace tune::util
