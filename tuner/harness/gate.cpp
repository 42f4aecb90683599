#include "harness/gate.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "box/requires.h"
#include "measure/stats.h"
#include "util/atomic_file.h"
#include "util/elf.h"

namespace tune::bench {

namespace {

double median_s(const std::vector<double>& ns) { return ns.empty() ? 0 : measure::median(ns) / 1e9; }

std::string call_limit_how(const family_info& family, const family_gate& gate) {
  if (family.timeout_s > 0) return fmt::format("the family's TIMEOUT {:g} s", family.timeout_s);
  return fmt::format("20x the reference's {:.3g} ms gate call, at least 2 s", gate.reference_call_s * 1e3);
}

std::string wrong_output(const family_info& family, const family_gate& gate, const row_check& c) {
  std::string text =
      fmt::format("wrong output at call {} of {} ({}; tolerance {})", c.call, c.of, c.describe, family.tolerance);
  if (gate.reference_varies)
    text +=
        "; the reference's own output also changes from call to call on the same inputs: the kernel keeps "
        "state or changes its inputs, and fx.fresh_inputs() gives every call the fixture's inputs";
  return text;
}

// Checks `row` of `table` and records the answer in `g`.
void check_row(const family_info& family, family_gate& gate, family_session& session, std::size_t table,
               std::size_t row, row_gate& g) {
  auto got =
      session.check(table, row, gate_calls, gate.limits.call_s, limit_text(family, gate, gate.limits.call_s, false));
  if (auto* failure = std::get_if<race::row_failure>(&got)) {
    g.failure = *failure;
    return;
  }
  g.check = std::get<row_check>(got);
  g.call_s = median_s(g.check->call_ns);
  if (!g.check->pass) g.failure = race::row_failure{"gate", wrong_output(family, gate, *g.check), ""};
}

// The line of a compiler's or linker's output that says what went wrong: the first naming an
// error (gfortran's "Error:" too) or an undefined reference, else the first.
std::string telling_line(const std::string& text) {
  const std::string lines = first_lines(text, 1000);
  std::string first;
  std::size_t start = 0;
  while (start < lines.size()) {
    const auto end = lines.find('\n', start);
    const std::string line = lines.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (first.empty()) first = line;
    if (line.find("error") != std::string::npos || line.find("Error:") != std::string::npos ||
        line.find("undefined reference") != std::string::npos)
      return line;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return first;
}

// A row the bench does not hold though its build recorded no failure. Its isolated object, when
// there, says why: the entry defined under the other linkage than the bench declares it with.
race::row_failure unrecorded_failure(const std::string& entry, const row_info& row) {
  const std::string object = row.build_record + ".o";
  const auto bytes = util::read_file(object, util::max_binary_bytes);
  if (!bytes)
    return {"compile",
            fmt::format("its object {} was not built, and the build left no record at {}.fail.txt", object,
                        row.build_record),
            ""};
  std::string defined;
  const std::string mangled = fmt::format("_Z{}{}", entry.size(), entry);
  if (const auto symbols = util::elf_symbols(*bytes))
    for (const auto& s : *symbols)
      if (s.defined() && s.global() && (s.name == entry || s.name.rfind(mangled, 0) == 0)) defined = s.name;
  const std::string rule =
      "cmake-tune declares a row's entry with C linkage when its sources are C or Fortran (.c; .f, .F, .f90, .F90 "
      "and CMake's other Fortran suffixes) and with C++ linkage otherwise; a source of another language (assembly, "
      "CUDA, ...) compiles by CMake's own rule for it, outside cmake-tune's row compile, and fits neither. Define "
      "the entry in a C, C++ or Fortran source";
  std::string what;
  if (defined == entry)
    what = fmt::format("defines {} with C linkage, and the bench declares it with C++ linkage", entry);
  else if (!defined.empty())
    what = fmt::format("defines {} with C++ linkage (as {}), and the bench declares it extern \"C\"", entry, defined);
  else
    what = fmt::format("defines no global function named {}", entry);
  return {"link",
          fmt::format("its object {} was built and the build recorded no failure of it ({}.fail.txt), but the bench "
                      "holds no definition of the name it declares: the object {}. {}.",
                      object, row.build_record, what, rule),
          ""};
}

}  // namespace

race::row_failure build_failure(const std::string& entry, const row_info& row) {
  if (const auto text = util::read_file(row.build_record + ".link-fail.txt"))
    return {"link", "the bench's link left it out: " + telling_line(*text), first_lines(*text)};
  if (const auto text = util::read_file(row.build_record + ".fail.txt")) {
    const auto newline = text->find('\n');
    const std::string stage = text->substr(0, newline) == "isolate" ? "isolate" : "compile";
    const std::string rest = newline == std::string::npos ? std::string() : text->substr(newline + 1);
    return {stage, telling_line(rest), first_lines(rest)};
  }
  return unrecorded_failure(entry, row);
}

std::string limit_text(const family_info& family, const family_gate& gate, double limit_s, bool window) {
  if (window)
    return fmt::format(
        "a timed window ran past its {:.1f} s limit (the call limit, {}, plus 20x the window's calls "
        "at their gate time)",
        limit_s, call_limit_how(family, gate));
  return fmt::format("a call ran past the {:.1f} s limit ({})", limit_s, call_limit_how(family, gate));
}

family_gate run_gate(const family_info& family, family_session& session, const box::feature_set& features,
                     const std::map<std::string, race::row_failure>& known, const std::vector<std::string>* only) {
  family_gate gate;
  std::size_t tables = 1;
  for (const auto& c : family.companions) tables = std::max(tables, c.table + 1);
  std::vector<row_gate> rows;
  for (const auto& row : family.rows) {
    row_gate g;
    const auto need = box::parse_requires(row.needs);
    if (only && !row.reference && std::find(only->begin(), only->end(), row.suffix) == only->end()) {
      g.runnable = false;
      g.why_not_runnable = race::not_asked_text;
    } else if (!box::holds(need, features)) {
      g.runnable = false;
      g.why_not_runnable = box::why_not(need, features);
    } else if (!row.built) {
      g.failure = build_failure(family.name + "__" + row.suffix, row);
    } else if (const auto failed = known.find(row.suffix);
               failed != known.end() && !row.reference &&
               std::find(family.fallback.begin(), family.fallback.end(), row.suffix) == family.fallback.end()) {
      g.failure = failed->second;
      g.failed_before = true;
    }
    rows.push_back(g);
  }
  gate.tables.assign(tables, rows);
  const auto ref = std::find_if(family.rows.begin(), family.rows.end(), [](const row_info& r) { return r.reference; });
  gate.reference = static_cast<std::size_t>(ref - family.rows.begin());
  if (ref == family.rows.end()) {
    gate.error = "the family has no reference row";
    return gate;
  }
  const row_gate& reference = rows[gate.reference];
  if (!reference.runnable) {
    gate.error = fmt::format("the reference row {} cannot run here ({})", ref->suffix, reference.why_not_runnable);
    return gate;
  }
  if (reference.failure) {
    gate.error = fmt::format("the reference row {} did not build ({})", ref->suffix, reference.failure->summary());
    return gate;
  }
  for (const auto& suffix : family.fallback) {
    for (std::size_t i = 0; i < family.rows.size(); ++i)
      if (family.rows[i].suffix == suffix && rows[i].runnable && !gate.fallback) gate.fallback = i;
  }
  if (!gate.fallback) gate.fallback = gate.reference;  // the stamp order ends at the reference too

  gate.limits = limits_before_reference(family.timeout_s);
  try {
    for (std::size_t t = 0; t < tables; ++t) {
      auto& table = gate.tables[t];
      const double limit = gate.limits.reference_call_s;
      const std::string how = family.timeout_s > 0
                                  ? fmt::format("the family's TIMEOUT {:g} s", family.timeout_s)
                                  : fmt::format("{:g} s, the limit of a reference call", gate.limits.reference_call_s);
      auto got = session.reference(t, gate.reference, gate_calls, limit, "a call ran past " + how);
      if (auto* failure = std::get_if<race::row_failure>(&got)) {
        if (t == 0) {
          gate.error = fmt::format("the reference row {} failed at the gate: {}{}", ref->suffix, failure->summary(),
                                   failure->diagnostic.empty() ? "" : "\n" + failure->diagnostic);
          return gate;
        }
        // A companion whose reference fails: none of its rows can be checked; it follows the family.
        for (auto& g : table)
          if (g.runnable && !g.failure)
            g.failure = race::row_failure{
                failure->stage, "the companion of the reference row failed: " + failure->detail, failure->diagnostic};
        continue;
      }
      const auto& calls = std::get<reference_calls>(got);
      if (t == 0) {
        gate.reference_call_s = median_s(calls.call_ns);
        gate.reference_varies = calls.varies;
        gate.limits = limits_after_reference(family.timeout_s, gate.reference_call_s);
      }
      table[gate.reference].check = row_check{true, 0, gate_calls, "the reference", 0, 0, 0, calls.call_ns};
      table[gate.reference].call_s = median_s(calls.call_ns);
      for (std::size_t i = 0; i < table.size(); ++i)
        if (i != gate.reference && table[i].runnable && !table[i].failure)
          check_row(family, gate, session, t, i, table[i]);
    }
  } catch (const fixture_failed& e) {
    gate.error = e.what();
    return gate;
  }
  const row_gate& fallback = gate.rows()[*gate.fallback];
  if (!fallback.passed())
    gate.error = fmt::format("the fallback row {} fails the correctness gate against the reference {} ({})",
                             family.rows[*gate.fallback].suffix, ref->suffix,
                             fallback.failure ? fallback.failure->summary() : "no answer");
  return gate;
}

std::optional<race::row_failure> recheck_row(const family_info& family, const family_gate& gate,
                                             family_session& session, std::size_t table, std::size_t row) {
  auto got =
      session.check(table, row, gate_calls, gate.limits.call_s, limit_text(family, gate, gate.limits.call_s, false));
  if (auto* failure = std::get_if<race::row_failure>(&got)) {
    failure->detail = "after the race, " + failure->detail;
    return *failure;
  }
  const auto& c = std::get<row_check>(got);
  if (c.pass) return std::nullopt;
  return race::row_failure{"gate", "after the race, " + wrong_output(family, gate, c), ""};
}

}  // namespace tune::bench
