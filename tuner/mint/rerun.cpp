#include "mint/rerun.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <random>

#include <fmt/format.h>

#include "box/identity.h"
#include "manifest/manifest.h"
#include "mint/bench_call.h"
#include "mint/impl_hash.h"
#include "mint/machine.h"
#include "mint/quiet_build.h"
#include "race/table.h"
#include "sidecar/verdict.h"
#include "util/file_lock.h"
#include "util/subprocess.h"

namespace tune::mint {

namespace {

struct found_row {
  std::filesystem::path manifest;
  std::string family, suffix;
  race::race_table table;  // the family's recorded race
  std::string seat;        // kernels.<family> in the sidecar
  std::string written;     // when the sidecar was written
};

void print_error(const std::string& text) { std::fprintf(stderr, "error: cmake-tune: %s\n", text.c_str()); }

std::string time_text(const race::race_table& t, const std::string& suffix) {
  const auto row = t.rows.find(suffix);
  if (row == t.rows.end()) return "not in the race";
  if (const auto time = race::time_of(t, suffix)) return fmt::format("{:.1f} ns", time->median_ns);
  if (row->second.rejected) return *row->second.rejected;
  return "not timed";
}

std::string gate_text(const race::race_table& t, const std::string& suffix) {
  const auto row = t.rows.find(suffix);
  if (row == t.rows.end()) return "not in the race";
  if (row->second.last_fail_reason) return "failed: " + row->second.last_fail_reason->summary();
  if (row->second.rejected) return "not run: " + *row->second.rejected;
  return "passed";
}

std::string ratio_text(const race::race_table& t, const std::string& row, const std::string& seat) {
  const auto a = race::time_of(t, row), b = race::time_of(t, seat);
  if (!a || !b || !(a->median_ns > 0)) return "-";
  return fmt::format("{:+.1f}%", (b->median_ns / a->median_ns - 1) * 100);
}

// The row whose recorded impl_hash starts with `hash`, in every scope's sidecar; errors name what
// was searched.
std::optional<found_row> find_row(const std::vector<std::filesystem::path>& manifests, const std::string& hash,
                                  const std::string& only_seat) {
  std::vector<found_row> found;
  for (const auto& file : manifests) {
    const manifest m = load_manifest(file);
    const auto loaded = sidecar::load(sidecar_path(m));
    if (!loaded.doc) continue;
    for (const auto& family : m.families) {
      if (!only_seat.empty() && family.name != only_seat) continue;
      const auto* table = loaded.doc->race_of(family.name);
      if (!table) continue;
      for (const auto& [suffix, row] : table->rows)
        if (row.impl_hash && row.impl_hash->rfind(hash, 0) == 0) {
          const std::string* seat = loaded.doc->seat_of(family.name);
          found.push_back({file, family.name, suffix, *table, seat ? *seat : table->fallback,
                           loaded.doc->provenance.written.value_or("?")});
        }
    }
  }
  if (found.size() == 1) return found.front();
  if (found.empty())
    print_error(
        fmt::format("rerun {}: no row of {} has that impl_hash (tune explain <family> --json lists each row's)", hash,
                    only_seat.empty() ? std::string("this build tree's sidecars") : "the race of " + only_seat));
  else if (std::all_of(found.begin() + 1, found.end(), [&](const found_row& f) {
             return f.suffix == found[0].suffix && f.manifest == found[0].manifest;  // one row, several seats
           }))
    print_error(fmt::format("rerun {}: row {} was raced in {} seats ({}, {}, ...); say which with --seat {}", hash,
                            found[0].suffix, found.size(), found[0].family, found[1].family, found[0].family));
  else
    print_error(fmt::format("rerun {}: {} rows have an impl_hash starting so ({}__{}, {}__{}, ...); give more of it",
                            hash, found.size(), found[0].family, found[0].suffix, found[1].family, found[1].suffix));
  return std::nullopt;
}

// Rebuilds the scope's bench (which links every row) and reloads the rows' identities as the
// rebuild left them; false after saying why.
bool rebuild_bench(manifest& m, const found_row& row, const std::string& name) {
  util::spawn_options build;
  build.argv = {"cmake", "--build", m.build_dir.string(), "--target", "tune_bench_" + m.scope};
  if (m.multi_config) build.argv.insert(build.argv.end(), {"--config", m.config});
  build.capture_stdout = build.capture_stderr = true;
  const auto built = util::run_process(build);
  if (built.signaled || built.exit_code != 0) {
    print_error(fmt::format("rerun {}: rebuilding the bench of scope {} failed ({}):\n{}{}", name, m.scope,
                            built.describe(), built.out, built.err));
    return false;
  }
  m = load_manifest(row.manifest);
  return true;
}

// The row to time it against: the family's seat, or when the row is the seat, the fallback, or
// else the reference; nullopt after saying why when every one of them is the row itself.
std::optional<std::string> opponent_of(const found_row& row, const family_decl& family, const std::string& name) {
  std::string against = row.seat;
  if (against == row.suffix) against = row.table.fallback;
  if (against == row.suffix || !family.row(against)) against = family.reference;
  if (against != row.suffix) return against;
  print_error(
      fmt::format("rerun {}: it is the family's seat, fallback and reference, so there is no other row to "
                  "time it against",
                  name));
  return std::nullopt;
}

// Times the row against `against` to the protocol's end, measured like a mint: never beside
// another mint of the tree, nor beside the build's jobs. The family's new table, or nullopt after
// saying why.
std::optional<race::race_table> time_again(const manifest& m, const found_row& row, const std::string& against,
                                           const std::string& name) {
  race::race_request request;
  request.scope = m.scope;
  request.families = {row.family};
  // No budget: a rerun times its two rows to the protocol's end, however the scope's mint is bounded.
  request.seed = std::random_device{}();
  request.only_rows[row.family] = {row.suffix, against};
  request.baseline[row.family] = against;
  util::file_lock one_mint_at_a_time(
      m.build_dir / "tune" / "mint", fmt::format("pid {}, rerun of {}", ::getpid(), name),
      [&](const std::string& holder) {
        std::fprintf(stderr, "cmake-tune: waiting for another mint of this build tree to finish (%s)\n",
                     holder.c_str());
      });
  wait_for_quiet_build(std::chrono::seconds(120), [](int, double) {});
  const bench_call call = call_bench(m, request, m.state_dir / "rerun-request.json", m.state_dir / "rerun-result.json");
  if (call.status == bench_call::failed) {
    print_error(fmt::format("rerun {}: {}", name, call.reason));
    return std::nullopt;
  }
  if (call.status != bench_call::answered) {
    print_error(fmt::format("rerun {}: the bench measured nothing it would stand by: {}", name, call.reason));
    return std::nullopt;
  }
  if (const auto error = call.answer.errors.find(row.family); error != call.answer.errors.end()) {
    print_error(fmt::format("rerun {}: family {} cannot be raced now: {}", name, row.family, error->second));
    return std::nullopt;
  }
  return call.answer.families.at(row.family);
}

// The recorded measurement beside the new one, line by line.
void print_comparison(const found_row& row, const row_decl& decl, const std::string& against,
                      const race::race_table& again, const std::string& name) {
  const auto& recorded = row.table.rows.at(row.suffix);
  std::printf("rerun of %s (impl_hash %s), against %s\n", name.c_str(), recorded.impl_hash->c_str(), against.c_str());
  const std::string code = !recorded.code_sha256 ? "no code identity recorded"
                           : decl.identity && decl.identity->code_sha256 == *recorded.code_sha256
                               ? "the code measured"
                               : "other code than measured";
  std::printf("  rebuilt from the recorded recipe: %s\n", code.c_str());
  std::printf("  %-22s %-40s %s\n", "", fmt::format("recorded ({})", row.written).c_str(), "now");
  std::printf("  %-22s %-40s %s\n", "gate", gate_text(row.table, row.suffix).c_str(),
              gate_text(again, row.suffix).c_str());
  for (const auto& suffix : {row.suffix, against})
    std::printf("  %-22s %-40s %s\n", (suffix + " median").c_str(), time_text(row.table, suffix).c_str(),
                time_text(again, suffix).c_str());
  std::printf("  %-22s %-40s %s\n", (row.suffix + " over " + against).c_str(),
              ratio_text(row.table, row.suffix, against).c_str(), ratio_text(again, row.suffix, against).c_str());
  if (!again.timed()) std::printf("  %s\n", again.note.c_str());
}

}  // namespace

int rerun_command(const std::vector<std::filesystem::path>& manifests, const std::string& hash,
                  const std::string& seat) {
  if (hash.size() < 8 || hash.find_first_not_of("0123456789abcdef") != std::string::npos) {
    print_error(fmt::format("rerun '{}': give a row's impl_hash, at least its first 8 hex digits", hash));
    return 1;
  }
  const auto row = find_row(manifests, hash, seat);
  if (!row) return 1;
  const std::string name = row->family + "__" + row->suffix;
  manifest m = load_manifest(row->manifest);
  if (!rebuild_bench(m, *row, name)) return 1;
  const family_decl* family = m.family(row->family);
  const row_decl* decl = family ? family->row(row->suffix) : nullptr;
  if (!decl) {
    print_error(fmt::format("rerun {}: the family no longer has this row, so it cannot be rebuilt", name));
    return 1;
  }
  const auto& recorded = row->table.rows.at(row->suffix);
  const std::string now = impl_hash(m, *family, *decl, machine_of(m, box::this_box()).cls);
  if (now != *recorded.impl_hash) {
    print_error(
        fmt::format("rerun {}: it was measured with impl_hash {}, but its recipe in this tree is now {} "
                    "(its sources, the headers it reads, its flags, the compiler or the box's class "
                    "changed), so it cannot be rebuilt as it was measured",
                    name, *recorded.impl_hash, now));
    return 1;
  }
  const auto against = opponent_of(*row, *family, name);
  if (!against) return 1;
  const auto again = time_again(m, *row, *against, name);
  if (!again) return 1;
  print_comparison(*row, *decl, *against, *again, name);
  return 0;
}

}  // namespace tune::mint
