#pragma once
// `tune report`'s page (docs/cmake-api.md, "The report"): one self-contained HTML file, no
// script, no network, charts as inline SVG. Per scope: its verdict, the mint's box, compiler and
// noise probes, and this tree's past mints; per family: what the binary runs and why (the stamp
// record), the last race as a chart (race_chart) with each row's rate, the rows left out and why,
// the companions' races, the rows its GENERATOR proposed and why, and the family's seat over the
// past mints. A box identity is shown as its fields, dates never wrap.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "race/table.h"
#include "sidecar/document.h"
#include "sidecar/history.h"
#include "sidecar/verdict.h"
#include "stamp/describe_rows.h"
#include "stamp/record.h"

namespace tune::report {

struct family_view {
  std::string name;
  const race::race_table* race = nullptr;          // the sidecar's last race; null when it has none
  const stamp::family_entry* stamped = nullptr;    // what the binary runs; null before the first stamp
  std::optional<stamp::generated_rows> generated;  // the rows its GENERATOR proposed, with their basis
};

struct scope_view {
  std::string scope, config;  // config: "" for a single-config tree
  sidecar::verdict verdict = sidecar::verdict::absent;
  std::string verdict_message;
  std::filesystem::path sidecar;
  const sidecar::document* doc = nullptr;  // null when the sidecar is absent or unreadable
  std::vector<family_view> families;
  std::vector<const sidecar::tree_mint*> history;  // this scope's past mints, oldest first
  std::string history_problem;                     // why the archive could not be read; "" when it could
};

struct page_input {
  std::string box, cls, generated, tool;  // generated: when the page was written (UTC, ISO 8601)
  std::filesystem::path build_dir;
  std::vector<scope_view> scopes;
};

std::string render_page(const page_input& in);

}  // namespace tune::report
