// tune-race-real: the shipped race protocol (docs/measurement.md) on this machine's real clock.
// Mints, in-process and interleaved, a family of byte-identical rows (any win is a false win),
// families with a planted row doing 5-50% less work (a win by it is a recovery) and 12-row
// families (time to mint), idle or with a busy thread on the other core; prints a markdown table,
// and with --log every mint as JSON for summarize.py. The protocol is the tune bench's: the
// engine's defaults, re-raced on relocated copies at tune::bench::relocated_copies placements,
// on copies aligned as the product compiles its rows. Variants of the protocol and the other
// experiments are bench/studies (tune-race-studies).
#include <CLI/CLI.hpp>
#include <tune/bench/registry.h>

#include "mints.h"

int main(int argc, char** argv) {
  using namespace tune::race_real;
  static_assert(tune::bench::relocated_copies <= relocated_placements,
                "the benchmark links fewer relocated placements than the tune bench re-races at");
  CLI::App app{"The shipped race protocol on this machine's real clock: false wins, recoveries, time to mint"};
  job_options o;
  add_job_options(app, o);
  CLI11_PARSE(app, argc, argv);

  protocol_arm shipped{"shipped", {}};
  shipped.protocol.validate_relocated = tune::bench::relocated_copies;
  return mint_and_report(o, {shipped}, placement::aligned, command_line("tune-race-real", argc, argv));
}
