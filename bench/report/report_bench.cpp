// Writes the report page of a synthetic scope of --families x --rows (each row timed, every tenth
// left out for failing, every family with declared work) with --mints past mints, and prints:
// the time to write the page (median of --repeat), its size, and, when Chromium is installed, the
// time headless Chromium takes to load and lay it out (--dump-dom, median of 3) beside the same
// for an empty page in the same run, so the browser's start-up is visible apart. --page adds a
// page already written (e.g. the shipped scope's, from `tune report`) to the table.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "report/page.h"
#include "util/atomic_file.h"
#include "util/subprocess.h"

using namespace tune;
namespace fs = std::filesystem;

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

struct synthetic {
  std::vector<race::race_table> races;
  std::vector<stamp::family_entry> stamps;
  sidecar::document doc;
  std::vector<sidecar::tree_mint> mints;
  report::page_input page;
};

void build(synthetic& s, int families, int rows, int mints) {
  s.races.resize(families);
  s.stamps.resize(families);
  s.doc.provenance.box = "linux|x86_64|Synthetic CPU|family 6 model 1|6.1";
  s.doc.provenance.written = "2026-12-01T10:00:00Z";
  s.doc.provenance.noise_probes = "start 0.3%; mid1 0.4%; end 0.9%";
  report::scope_view scope;
  scope.scope = "synthetic";
  scope.verdict = tune::sidecar::verdict::fresh;
  scope.verdict_message = "fresh: a synthetic scope";
  scope.sidecar = "/synthetic/p.tune.json";
  scope.doc = &s.doc;
  for (int f = 0; f < families; ++f) {
    auto& race = s.races[f];
    race.fallback = "row0";
    race.winner = fmt::format("row{}", f % rows);
    race.verdict = "won";
    race.margin_pct = 12.5;
    race.need_pct = 3;
    race.note = "a synthetic race";
    race.work = race::work_record{1e6, "flop"};
    for (int r = 0; r < rows; ++r) {
      race::race_row row;
      const double ns = 1000 + 37 * ((r * 7919 + f * 104729) % 211);
      if (r % 10 == 9) {
        row.rejected = "crash: killed by SIGSEGV";
        row.last_fail_reason = race::row_failure{"crash", "killed by SIGSEGV", "the row printed this\nand this"};
      } else {
        row.median_ns = ns;
        row.best_ns = ns * 0.97;
        row.q1_ns = ns * 0.99;
        row.q3_ns = ns * 1.03;
        row.rounds = 20;
      }
      race.rows[fmt::format("row{}", r)] = row;
    }
    s.stamps[f].suffix = race.winner;
    s.stamps[f].source = "sidecar";
    s.stamps[f].why = "sidecar, +12.5% over row0";
    scope.families.push_back({fmt::format("family{:03}", f), &race, &s.stamps[f]});
  }
  for (int m = 1; m <= mints; ++m) {
    sidecar::tree_mint tm;
    tm.id = m;
    tm.scope = "synthetic";
    tm.mint.written = fmt::format("2026-12-01T10:{:02}:00Z", m % 60);
    for (const auto& f : scope.families) tm.seats[f.name] = {f.race->winner, 1234.5, 12.5, "1.23 GFLOP/s", "won"};
    if (m > 1) {
      tm.previous = m - 1;
      tm.since = sidecar::changes{};
    }
    s.mints.push_back(tm);
  }
  for (const auto& m : s.mints) scope.history.push_back(&m);
  s.page.box = s.doc.provenance.box;
  s.page.cls = "x86-avx2";
  s.page.generated = "2026-12-01T11:00:00Z";
  s.page.tool = "cmake-tune bench";
  s.page.build_dir = "/synthetic";
  s.page.scopes.push_back(scope);
}

// Headless Chromium loading `page` and printing its DOM: wall seconds, median of 3.
std::optional<double> browser_s(const std::string& chromium, const fs::path& page, const fs::path& profile) {
  std::vector<double> walls;
  for (int i = 0; i < 3; ++i) {
    util::spawn_options o;
    o.argv = {chromium,         "--headless",
              "--no-sandbox",   "--disable-gpu",
              "--no-first-run", "--user-data-dir=" + profile.string(),
              "--dump-dom",     "file://" + fs::absolute(page).string()};
    o.capture_stdout = o.capture_stderr = true;
    o.timeout = std::chrono::seconds(120);
    const auto r = util::run_process(o);
    if (r.signaled || r.exit_code != 0) return std::nullopt;
    walls.push_back(r.wall_s);
  }
  return median(walls);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"tune-report-bench: the report page's write time, size and render time"};
  int families = 100, rows = 50, mints = 10, repeat = 5;
  fs::path work = fs::temp_directory_path() / "tune-report-bench";
  std::vector<fs::path> pages;
  app.add_option("--families", families)->check(CLI::Range(1, 10000));
  app.add_option("--rows", rows)->check(CLI::Range(1, 1000));
  app.add_option("--mints", mints)->check(CLI::Range(0, 1000));
  app.add_option("--repeat", repeat)->check(CLI::Range(1, 100));
  app.add_option("--work", work, "Folder for the pages and Chromium's profile");
  app.add_option("--page", pages, "A page already written, to render beside the synthetic one (repeatable)")
      ->check(CLI::ExistingFile);
  CLI11_PARSE(app, argc, argv);
  fs::create_directories(work);

  synthetic s;
  build(s, families, rows, mints);
  std::vector<double> writes;
  std::string html;
  for (int i = 0; i < repeat; ++i) {
    const auto start = std::chrono::steady_clock::now();
    html = report::render_page(s.page);
    util::write_file_atomic(work / "synthetic.html", html);
    writes.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  util::write_file_atomic(work / "empty.html",
                          "<!DOCTYPE html><html><head><title>empty</title></head><body></body></html>\n");

  std::string chromium;
  for (const char* name : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
    if (fs::exists(name)) chromium = name;
  const auto render = [&](const fs::path& page) {
    if (chromium.empty()) return std::string("(no chromium)");
    const auto s = browser_s(chromium, page, work / "chromium-profile");
    return s ? fmt::format("{:.2f} s", *s) : std::string("(chromium failed)");
  };

  std::cout << fmt::format("{:<44} {:>12} {:>12} {:>16}\n", "page", "size", "write", "chromium load");
  std::cout << fmt::format("{:<44} {:>12} {:>12} {:>16}\n", "empty (the browser's start-up alone)", "0.1 KB", "-",
                           render(work / "empty.html"));
  std::cout << fmt::format("{:<44} {:>9.0f} KB {:>10.1f} ms {:>16}\n",
                           fmt::format("synthetic {} families x {} rows, {} mints", families, rows, mints),
                           html.size() / 1024.0, median(writes) * 1000, render(work / "synthetic.html"));
  for (const auto& page : pages)
    std::cout << fmt::format("{:<44} {:>9.0f} KB {:>12} {:>16}\n", page.filename().string(),
                             fs::file_size(page) / 1024.0, "-", render(page));
  std::cout << fmt::format(
      "\nwrite: render_page and the atomic write, median of {}; chromium load: headless "
      "--dump-dom wall time, median of 3 (start-up included; compare the empty page).\n",
      repeat);
  return 0;
}
