#pragma once
// The `tune-sidecar/1` document as the tool reads and writes it (docs/sidecar.md, and
// docs/schemas/tune-sidecar-1.schema.json for its shape). from_json reads a document that passed
// format.h's shape_error, a member left out reading as empty; to_json writes back what it read. Members this
// version does not name are kept in `other` at each level, so a rewrite keeps what another
// version or tool added (docs/sidecar.md "Writes never lose data").
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "race/result.h"
#include "race/table.h"

namespace tune::sidecar {

// The scope's bench executable at the mint: other code makes the scope stale_binary.
struct bench_anchor {
  std::string path;
  std::int64_t mtime_ns = 0;
  std::string sha256;                      // the whole file's
  std::optional<std::string> code_sha256;  // its code and data; absent in sidecars older than code hashes
  nlohmann::json other = nlohmann::json::object();
};

// `scopes.<scope>`: what its last mint was measured against.
struct scope_record {
  int version = 0;
  bench_anchor bench;
  bool complete = false;
  std::vector<std::string> families;  // every family the scope declared at the mint
  nlohmann::json other = nlohmann::json::object();
  bool lists(const std::string& family) const;
};

// provenance.build_wait: how long the mint waited for the build's other jobs (mint/quiet_build.h).
struct build_wait_record {
  double waited_s = 0;
  int measured_beside_jobs = 0;  // jobs still running when the wait ran out; 0 when it did not
};

// `provenance`: the box and the conditions of the last write, each member a mint records typed (a
// mint's update sets them, sidecar/store.h); members this version does not name stay in `other`.
struct provenance_record {
  std::string box;
  std::optional<std::string> applied_box;  // a box this file was adopted for, measured elsewhere
  std::optional<std::string> origin;       // "resolver" when a resolver wrote it
  std::optional<std::string> written, tool, cls, compiler;
  std::optional<std::string> features;         // what the mint measured with, TUNE_FORCE_FEATURES applied
  std::optional<std::string> forced_features;  // TUNE_FORCE_FEATURES as the mint ran under it
  std::optional<std::string> noise, noise_probes;
  std::optional<double> noise_floor_pct;
  std::optional<std::string> validation;  // race::validation_text
  std::optional<double> mint_ms, lock_wait_s;
  std::optional<nlohmann::json> telemetry;  // the machine's state before and after (race::race_answer)
  std::optional<build_wait_record> build_wait;
  nlohmann::json other = nlohmann::json::object();
};

struct document {
  std::map<std::string, std::string> kernels;  // public name -> its seat's suffix, or "reference"
  std::map<std::string, race::race_table> race;
  nlohmann::json runtime = nlohmann::json::object();  // application -> its execution plan (plan/ reads it)
  std::map<std::string, scope_record> scopes;
  provenance_record provenance;
  nlohmann::json other = nlohmann::json::object();  // top-level members the format does not name

  const std::string* seat_of(const std::string& name) const;         // kernels.<name>; null when absent
  const race::race_table* race_of(const std::string& family) const;  // race.<family>; null when absent
  const scope_record* scope(const std::string& name) const;          // scopes.<name>; null when absent
  // Its measurements count for `box`: measured there, or adopted for it (provenance.applied_box).
  bool measured_for(const std::string& box) const;
};

void to_json(nlohmann::json& out, const bench_anchor& b);
void from_json(const nlohmann::json& in, bench_anchor& b);
void to_json(nlohmann::json& out, const scope_record& s);
void from_json(const nlohmann::json& in, scope_record& s);
void to_json(nlohmann::json& out, const provenance_record& p);
void from_json(const nlohmann::json& in, provenance_record& p);
void to_json(nlohmann::json& out, const document& d);
void from_json(const nlohmann::json& in, document& d);

// The rows of `family`'s race table (and its companions') left out for failing (docs/fixtures.md
// "Rows that fail"): "<function>__<suffix>" -> {"stage", "detail"}, in table order; empty when the
// document has no race table for the family.
std::map<std::string, race::row_failure> failed_rows(const document& doc, const std::string& family);

}  // namespace tune::sidecar
