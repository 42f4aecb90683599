// tune-bench-gemm: how every shipped sgemm row, OpenBLAS and this build's stamped winner compare,
// shape by shape, measured side by side in one process.
#include <cblas.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/pools.h"
#include "box/platform.h"
#include "interleaved.h"
#include "util/subprocess.h"
#include "shipped_sgemm.h"
#include "table.h"

namespace gemm_bench {
namespace {

struct options {
  int rounds = 11;
  double batch_ms = 5.0;
  std::string threads = "1";  // as a family's THREADS: a number, or all; the blocked rows use one
  std::vector<std::string> families;
  bool openblas_only = false;  // the child mode: OpenBLAS and the stamp alone, one machine line per family
};

// The same call as the families' blas row, compiled into the benchmark itself.
void openblas_sgemm(const float* a, const float* b, float* c, std::size_t m, std::size_t n, std::size_t k) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<blasint>(m), static_cast<blasint>(n),
              static_cast<blasint>(k), 1.0f, a, static_cast<blasint>(std::max<std::size_t>(k, 1)), b,
              static_cast<blasint>(std::max<std::size_t>(n, 1)), 0.0f, c,
              static_cast<blasint>(std::max<std::size_t>(n, 1)));
}

// The CPU level a row's ISA (the end of its suffix) needs, when this CPU lacks it.
std::optional<std::string> missing_isa(const std::string& suffix) {
#if defined(__x86_64__)
  if (suffix.ends_with("_avx512") && !__builtin_cpu_supports("x86-64-v4")) return "x86-64-v4";
  if (suffix.ends_with("_avx2") && !__builtin_cpu_supports("x86-64-v3")) return "x86-64-v3";
  if (suffix.ends_with("_sse42") && !__builtin_cpu_supports("sse4.2")) return "sse4.2";
#endif
  return std::nullopt;
}

struct shape {
  std::size_t m = 0, n = 0, k = 0;
};

// The sizes the fixture calls a kernel with, read by handing it a probe instead of a kernel.
shape shape_of(sgemm_calls& fx) {
  static shape seen;
  fx.call(
      [](const float*, const float*, float*, std::size_t m, std::size_t n, std::size_t k) {
        seen = {m, n, k};
      },
      true);
  return seen;
}

double max_difference(const std::vector<double>& x, const std::vector<double>& reference) {
  double worst = 0;
  for (std::size_t i = 0; i < x.size(); ++i) worst = std::max(worst, std::fabs(x[i] - reference[i]));
  return worst;
}

// The child mode (--openblas-only): OpenBLAS and the stamp interleaved, nothing else, in a process
// whose environment picks OpenBLAS's kernels (see openblas_elsewhere).
void openblas_and_stamp(const bench_family& family, const options& opt, tune::fixture_base& inputs,
                        sgemm_calls& calls) {
  const auto timings =
      measure_interleaved(calls, {{"OpenBLAS", &openblas_sgemm}, {"stamp", family.stamp}}, opt.rounds, opt.batch_ms);
  std::printf("openblas-only %s %s %.4f %.4f\n", family.name.c_str(), openblas_get_corename(),
              inputs.work_amount() / timings[0].median_ns, inputs.work_amount() / timings[1].median_ns);
}

// OpenBLAS as this process's environment configures it is one answer; OpenBLAS with the kernels it
// picks itself for this CPU (no OPENBLAS_CORETYPE, no OPENBLAS_L2_SIZE), and with the core type this
// CPU's instruction set calls for (the pick of a library that knows the CPU), are others. Each runs
// in a child of this benchmark, beside the stamp, so its ratio to the stamp is measured side by side.
void openblas_elsewhere(const bench_family& family, const options& opt) {
  std::vector<std::pair<std::string, std::optional<std::string>>> runs = {{"its own pick", std::nullopt}};
#if defined(__x86_64__)
  if (__builtin_cpu_supports("x86-64-v4"))
    runs.push_back({"CORETYPE=SkylakeX", "SkylakeX"});
  else if (__builtin_cpu_supports("x86-64-v3"))
    runs.push_back({"CORETYPE=Haswell", "Haswell"});
#endif
  for (const auto& [label, coretype] : runs) {
    auto env = tune::util::current_environment();
    env.erase("OPENBLAS_CORETYPE");
    env.erase("OPENBLAS_L2_SIZE");
    if (coretype) env["OPENBLAS_CORETYPE"] = *coretype;
    tune::util::spawn_options child;
    child.argv = {"/proc/self/exe", "--openblas-only",
                  "--family",       family.name,
                  "--rounds",       std::to_string(opt.rounds),
                  "--batch-ms",     std::to_string(opt.batch_ms),
                  "--threads",      opt.threads};
    child.env = env;
    child.capture_stdout = true;
    const auto ran = tune::util::run_process(child);
    char name[64] = {}, core[64] = {};
    double blas = 0, stamp = 0;
    const auto at = ran.out.find("openblas-only ");
    if (ran.exit_code != 0 || at == std::string::npos ||
        std::sscanf(ran.out.c_str() + at, "openblas-only %63s %63s %lf %lf", name, core, &blas, &stamp) != 4) {
      std::printf("  OpenBLAS, %s: the child failed (%s)\n", label.c_str(), ran.describe().c_str());
      continue;
    }
    std::printf("  OpenBLAS, %s (%s): %.2f GFLOP/s; beside it in that process the stamp ran %.2f: %.2fx OpenBLAS\n",
                label.c_str(), core, blas, stamp, stamp / blas);
  }
}

// Every row, OpenBLAS and the stamp on the fixture's inputs, from inside its fx.run.
void compare_on(const bench_family& family, const options& opt, tune::fixture_base& inputs, sgemm_calls& calls) {
  if (opt.openblas_only) {
    openblas_and_stamp(family, opt, inputs, calls);
    return;
  }
  struct {
    sgemm_calls& calls;
    std::vector<double> call_once(sgemm_fn k) { return calls.call(k, true).values; }
  } fx{calls};
  const shape s = shape_of(calls);
  const bench_row& reference = family.rows.front();
  const auto reference_out = fx.call_once(reference.entry);

  std::vector<candidate> candidates;
  std::vector<table_line> lines;
  for (const auto& row : family.rows) {
    table_line line{row.suffix, std::nullopt, 0, std::nullopt, &row == &reference ? "reference" : ""};
    if (const auto need = missing_isa(row.suffix)) {
      line.note = "skipped: this CPU lacks " + *need;
    } else {
      candidates.push_back({row.suffix, row.entry});
      line.max_difference = max_difference(fx.call_once(row.entry), reference_out);
    }
    lines.push_back(line);
  }

  const std::string baseline = "OpenBLAS";
  candidates.push_back({baseline, &openblas_sgemm});
  lines.push_back({baseline, std::nullopt, 0, max_difference(fx.call_once(&openblas_sgemm), reference_out),
                   "cblas_sgemm, called directly"});

  // The stamp forwards to one row, so its output is bit-identical to that row's (and to any row
  // that happens to round identically).
  const auto stamp_out = fx.call_once(family.stamp);
  std::string same;
  for (const auto& row : family.rows)
    if (!missing_isa(row.suffix) && fx.call_once(row.entry) == stamp_out)
      same += (same.empty() ? "" : ", ") + row.suffix;
  const std::string stamp_name = "stamp " + family.name;
  candidates.push_back({stamp_name, family.stamp});
  lines.push_back({stamp_name, std::nullopt, 0, max_difference(stamp_out, reference_out),
                   "this build's winner; same output as " + (same.empty() ? std::string("no row") : same)});

  const auto timings = measure_interleaved(calls, candidates, opt.rounds, opt.batch_ms);
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    auto line =
        std::find_if(lines.begin(), lines.end(), [&](const table_line& l) { return l.kernel == candidates[i].name; });
    line->gflops = inputs.work_amount() / timings[i].median_ns;  // flop per ns = GFLOP/s
    line->spread = timings[i].spread;
  }
  print_table(family.name + "  " + std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k) +
                  "  (median of " + std::to_string(opt.rounds) +
                  " interleaved rounds; ratio vs OpenBLAS as this "
                  "process's environment configures it)",
              lines, baseline);
  openblas_elsewhere(family, opt);
}

void compare_family(const bench_family& family, const options& opt) {
  if (family.rows.empty()) throw std::logic_error(family.name + ": the generated row table is empty");
  // Any fixed seed: kernels are compared with each other on identical inputs.
  sgemm_fixture fx(1, family.shape,
                   [&](tune::fixture_base& inputs, sgemm_calls& calls) { compare_on(family, opt, inputs, calls); });
  family.fixture(fx);
}

// --threads as a pool size (harness/pools.h pool_size): a whole number, or all for the allocation's CPUs.
int pool_size_of(const std::string& threads) {
  if (threads == "all") return tune::bench::pool_size(0, tune::box::allocation_cpus());
  std::size_t used = 0;
  int n = 0;
  try {
    n = std::stoi(threads, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != threads.size() || n < 1)
    throw std::invalid_argument("--threads " + threads +
                                ": not a number of threads; give n >= 1 (e.g. --threads 2) or all, as THREADS takes");
  return n;
}

// OpenBLAS and OpenMP read their pool sizes and wait policies once, when they start: a process
// whose environment lacks the race's pools runs itself again with them, so OpenBLAS here runs as
// it does in the race. Returns only when the environment already has them.
void enter_pools(const options& opt, char** argv) {
  const auto env = tune::util::current_environment();
  const auto pooled = tune::bench::pool_environment(env, pool_size_of(opt.threads));
  if (pooled == env) return;
  std::vector<std::string> texts;
  for (const auto& [name, value] : pooled) texts.push_back(name + "=" + value);
  std::vector<char*> envp;
  for (auto& text : texts) envp.push_back(text.data());
  envp.push_back(nullptr);
  execve("/proc/self/exe", argv, envp.data());
  throw std::runtime_error(std::string("cannot run itself again with the race's pools (execve /proc/self/exe): ") +
                           std::strerror(errno));
}

void run(const options& opt) {
  const auto families = shipped_families();
  for (const auto& name : opt.families)
    if (std::none_of(families.begin(), families.end(), [&](const bench_family& f) { return f.name == name; })) {
      std::string known;
      for (const auto& f : families) known += (known.empty() ? "" : ", ") + f.name;
      throw std::invalid_argument("--family " + name + ": no such shape of the shipped sgemm (known: " + known + ")");
    }
  if (!opt.openblas_only) {
    const char* coretype = std::getenv("OPENBLAS_CORETYPE");
    std::printf("%s (core %s; OPENBLAS_CORETYPE=%s), %d thread(s); the blocked rows use one.\n", openblas_get_config(),
                openblas_get_corename(), coretype ? coretype : "(unset)", openblas_get_num_threads());
    std::printf(
        "pools: THREADS %s, %d thread(s) in each, as the race sets them (OMP_NUM_THREADS=%s, "
        "OPENBLAS_NUM_THREADS=%s, OMP_WAIT_POLICY=%s; tuner/harness/pools.h).\n",
        opt.threads.c_str(), pool_size_of(opt.threads), std::getenv("OMP_NUM_THREADS"),
        std::getenv("OPENBLAS_NUM_THREADS"), std::getenv("OMP_WAIT_POLICY"));
  }
  for (const auto& family : families)
    if (opt.families.empty() || std::find(opt.families.begin(), opt.families.end(), family.name) != opt.families.end())
      compare_family(family, opt);
}

}  // namespace
}  // namespace gemm_bench

int main(int argc, char** argv) {
  gemm_bench::options opt;
  CLI::App app{"Every shipped sgemm row, OpenBLAS and this build's stamped winner, side by side."};
  app.add_option("--rounds", opt.rounds, "interleaved rounds per shape")->capture_default_str();
  app.add_option("--batch-ms", opt.batch_ms, "length of one timed batch, in milliseconds")->capture_default_str();
  app.add_option("--threads", opt.threads,
                 "every pool's size, as a family's THREADS sets it in the race: a number, or all (OpenBLAS, "
                 "OpenMP, MKL)")
      ->capture_default_str();
  app.add_option("--family", opt.families, "only these shapes of sgemm, e.g. sgemm@small (repeatable)");
  app.add_flag("--openblas-only", opt.openblas_only,
               "OpenBLAS and the stamp alone (what the benchmark's children run)");
  CLI11_PARSE(app, argc, argv);
  try {
    gemm_bench::enter_pools(opt, argv);
    gemm_bench::run(opt);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tune-bench-gemm: %s\n", e.what());
    return 1;
  }
}
