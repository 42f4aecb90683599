#include "sidecar/format.h"

#include <fmt/format.h>

#include "util/json_reader.h"

namespace tune::sidecar {
using nlohmann::json;

namespace {

struct violation {
  std::string what;
};

std::string described(const json& v) {
  switch (v.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
      return "an integer";
    case json::value_t::number_float:
      return "a number";
    case json::value_t::string:
      return "a string";
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    default:
      return "not a JSON value";
  }
}

[[noreturn]] void fail(const std::string& where, const json& v, const char* expected) {
  throw violation{fmt::format("{} is {}, expected {}", where, described(v), expected)};
}

std::string child(const std::string& where, const std::string& key) { return where.empty() ? key : where + "." + key; }

const json& required(const json& object, const std::string& where, const std::string& key) {
  const auto it = object.find(key);
  if (it == object.end())
    throw violation{where.empty() ? fmt::format("it has no \"{}\" section", key)
                                  : fmt::format("{} has no \"{}\"", where, key)};
  return *it;
}

const json& object_at(const json& v, const std::string& where) {
  if (!v.is_object()) fail(where, v, "an object");
  return v;
}

void string_at(const json& v, const std::string& where) {
  if (!v.is_string()) fail(where, v, "a string");
}

void optional_string(const json& object, const std::string& where, const std::string& key) {
  if (const auto it = object.find(key); it != object.end()) string_at(*it, child(where, key));
}

void optional_number(const json& object, const std::string& where, const std::string& key, bool nullable) {
  const auto it = object.find(key);
  if (it == object.end() || it->is_number() || (nullable && it->is_null())) return;
  fail(child(where, key), *it, nullable ? "a number or null" : "a number");
}

void optional_integer(const json& object, const std::string& where, const std::string& key) {
  const auto it = object.find(key);
  if (it != object.end() && !it->is_number_integer()) fail(child(where, key), *it, "an integer");
}

void optional_boolean(const json& object, const std::string& where, const std::string& key) {
  const auto it = object.find(key);
  if (it != object.end() && !it->is_boolean()) fail(child(where, key), *it, "a boolean");
}

void optional_string_or_null(const json& object, const std::string& where, const std::string& key) {
  const auto it = object.find(key);
  if (it != object.end() && !it->is_string() && !it->is_null()) fail(child(where, key), *it, "a string or null");
}

void check_row(const json& row, const std::string& where) {
  object_at(row, where);
  for (const char* key : {"median_ns", "best_ns", "q1_ns", "q3_ns"}) optional_number(row, where, key, false);
  for (const char* key : {"worst_abs", "worst_rel", "worst_ulp"}) optional_number(row, where, key, true);
  optional_integer(row, where, "rounds");
  optional_integer(row, where, "search_batch");
  optional_boolean(row, where, "finalist");
  for (const char* key : {"rejected", "impl_hash", "code_sha256", "same_code_as", "compile", "carried_from"})
    optional_string(row, where, key);
  if (const auto counts = row.find("counters"); counts != row.end())
    for (const auto& [event, count] : object_at(*counts, child(where, "counters")).items())
      if (!count.is_number() || !(count.get<double>() >= 0))
        fail(child(child(where, "counters"), event), count, "a non-negative number");
  if (const auto why = row.find("last_fail_reason"); why != row.end()) {
    const std::string why_where = child(where, "last_fail_reason");
    object_at(*why, why_where);
    string_at(required(*why, why_where, "stage"), child(why_where, "stage"));
    string_at(required(*why, why_where, "detail"), child(why_where, "detail"));
    optional_string(*why, why_where, "diagnostic");
  }
}

void check_race_table(const json& table, const std::string& where) {
  object_at(table, where);
  for (const char* key :
       {"winner", "fallback", "verdict", "note", "profile", "fixture_sha256", "tool", "compiler", "measured"})
    optional_string(table, where, key);
  optional_boolean(table, where, "noise_overridden");
  optional_number(table, where, "need_pct", false);
  optional_number(table, where, "ms", false);
  for (const char* key : {"margin_pct", "demoted_margin_pct", "drift_pct"}) optional_number(table, where, key, true);
  optional_string_or_null(table, where, "demoted");
  if (const auto work = table.find("work"); work != table.end()) {
    const std::string work_where = child(where, "work");
    object_at(*work, work_where);
    if (const json& amount = required(*work, work_where, "amount"); !amount.is_number() || !(amount.get<double>() > 0))
      fail(child(work_where, "amount"), amount, "a positive number");
    string_at(required(*work, work_where, "unit"), child(work_where, "unit"));
  }
  if (const auto threads = table.find("threads");
      threads != table.end() && !threads->is_number_integer() && *threads != json("all"))
    fail(child(where, "threads"), *threads, "an integer or \"all\"");
  optional_integer(table, where, "cores");
  if (const auto search = table.find("search"); search != table.end()) {
    const std::string search_where = child(where, "search");
    object_at(*search, search_where);
    for (const char* key : {"strategy", "stopped_because"})
      string_at(required(*search, search_where, key), child(search_where, key));
    optional_string(*search, search_where, "template_inputs_sha256");
    for (const char* key : {"seed", "space_size", "visited", "compiled", "budget_rows"}) {
      const json& n = required(*search, search_where, key);
      if (!n.is_number_unsigned()) fail(child(search_where, key), n, "a whole number");
    }
    for (const char* key : {"batches"}) optional_integer(*search, search_where, key);
    for (const char* key : {"budget_seconds", "seconds"}) optional_number(*search, search_where, key, false);
    if (const auto proposed = search->find("proposed"); proposed != search->end()) {
      if (!proposed->is_array()) fail(child(search_where, "proposed"), *proposed, "an array of row suffixes");
      for (const auto& suffix : *proposed) string_at(suffix, child(search_where, "proposed"));
    }
  }
  if (const auto why = table.find("counters_unavailable"); why != table.end())
    for (const auto& [event, reason] : object_at(*why, child(where, "counters_unavailable")).items())
      string_at(reason, child(child(where, "counters_unavailable"), event));
  if (const auto seats = table.find("companions"); seats != table.end())
    for (const auto& [companion, seat] : object_at(*seats, child(where, "companions")).items())
      string_at(seat, child(child(where, "companions"), companion));
  if (const auto races = table.find("companion_races"); races != table.end())
    for (const auto& [companion, race] : object_at(*races, child(where, "companion_races")).items())
      check_race_table(race, child(child(where, "companion_races"), companion));
  const auto rows = table.find("rows");
  if (rows == table.end()) return;
  for (const auto& [suffix, row] : object_at(*rows, child(where, "rows")).items()) {
    check_row(row, child(child(where, "rows"), suffix));
    // A row of another's code names a row of the table that stands for itself.
    if (const auto same = row.find("same_code_as"); same != row.end()) {
      const auto raced = rows->find(same->get<std::string>());
      if (raced == rows->end() || !raced->is_object() || raced->contains("same_code_as"))
        throw violation{fmt::format("{} names \"{}\", which is not a row of this table that stands for its code",
                                    child(child(child(where, "rows"), suffix), "same_code_as"),
                                    same->get<std::string>())};
    }
  }
}

void check_scope(const json& scope, const std::string& where) {
  object_at(scope, where);
  if (const json& v = required(scope, where, "version"); !v.is_number_integer())
    fail(child(where, "version"), v, "an integer");
  const std::string bench_where = child(where, "bench");
  const json& bench = object_at(required(scope, where, "bench"), bench_where);
  string_at(required(bench, bench_where, "path"), child(bench_where, "path"));
  if (const json& v = required(bench, bench_where, "mtime_ns"); !v.is_number_integer())
    fail(child(bench_where, "mtime_ns"), v, "an integer");
  string_at(required(bench, bench_where, "sha256"), child(bench_where, "sha256"));
  optional_string(bench, bench_where, "code_sha256");
  if (const json& v = required(scope, where, "complete"); !v.is_boolean())
    fail(child(where, "complete"), v, "a boolean");
  const json& families = required(scope, where, "families");
  if (!families.is_array()) fail(child(where, "families"), families, "an array of family names");
  for (const json& f : families)
    if (!f.is_string()) fail(child(where, "families") + "[]", f, "a string");
}

void check(const json& doc) {
  if (!doc.is_object()) throw violation{fmt::format("it holds {}, expected an object", described(doc))};
  const json& format = required(doc, "", "format");
  if (!format.is_string() || format.get<std::string>() != format_name)
    throw violation{fmt::format(
        "its format is {}, expected \"{}\"",
        format.is_string() ? "\"" + util::printable(format.get<std::string>(), 64) + "\"" : described(format),
        format_name)};

  for (const auto& [family, seat] : object_at(required(doc, "", "kernels"), "kernels").items())
    string_at(seat, child("kernels", family));
  for (const auto& [family, table] : object_at(required(doc, "", "race"), "race").items())
    check_race_table(table, child("race", family));
  object_at(required(doc, "", "runtime"), "runtime");
  for (const auto& [name, scope] : object_at(required(doc, "", "scopes"), "scopes").items())
    check_scope(scope, child("scopes", name));
  const json& provenance = object_at(required(doc, "", "provenance"), "provenance");
  string_at(required(provenance, "provenance", "box"), "provenance.box");
  for (const char* key : {"applied_box", "written", "tool", "class", "features", "forced_features", "compiler", "noise",
                          "noise_probes", "validation", "origin"})
    optional_string(provenance, "provenance", key);
  for (const char* key : {"noise_floor_pct", "mint_ms"}) optional_number(provenance, "provenance", key, false);
}

}  // namespace

std::string tool_name() { return std::string("cmake-tune ") + TUNE_TOOL_VERSION; }

json empty_document() {
  return {{"format", format_name},     {"kernels", json::object()}, {"race", json::object()},
          {"runtime", json::object()}, {"scopes", json::object()},  {"provenance", json::object()}};
}

std::optional<std::string> shape_error(const json& doc) {
  try {
    check(doc);
  } catch (const violation& v) {
    return v.what;
  }
  return std::nullopt;
}

std::optional<std::string> race_table_shape_error(const json& table, const std::string& where) {
  try {
    check_race_table(table, where);
  } catch (const violation& v) {
    return v.what;
  }
  return std::nullopt;
}

}  // namespace tune::sidecar
