// `tune isolate`: the build's isolation step for one row (isolate/isolate.h), run by the custom
// command tune/Rows.cmake adds per row. Not for people: it is left out of `tune --help`.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "isolate/isolate.h"

namespace tune::cli {

void register_isolate_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("isolate", "The build's isolation of one kernel row");
  cmd->group("");
  auto r = std::make_shared<isolate::isolate_request>();
  cmd->add_option("--entry", r->entry, "<family>__<suffix>")->required();
  cmd->add_option("--suffix", r->suffix, "The row's suffix")->required();
  cmd->add_option("--companion", r->companions, "<function>__<suffix>, once per companion");
  cmd->add_option("--output", r->output, "The isolated object")->required();
  cmd->add_option("--relocated", r->relocated, "A relocated copy, in order");
  cmd->add_option("--record", r->record, "<rows dir>/<family>__<suffix>")->required();
  cmd->add_option("--critical", r->critical, "reference or fallback: the row must isolate");
  cmd->add_option("--linker", r->linker, "ld, for rows of several objects");
  cmd->add_option("--objcopy", r->objcopy, "objcopy");
  cmd->add_option("--objdump", r->objdump, "objdump, for the instruction check of aarch64 rows");
  cmd->add_option("--requires", r->needs, "The row's requires= expression, which the instruction check holds it to");
  cmd->add_option("objects", r->objects, "The row's objects")->required();
  cmd->callback([r] {
    try {
      const auto note = isolate::isolate_row(*r);
      if (!note.empty()) std::fprintf(stderr, "%s\n", note.c_str());
    } catch (const isolate::isolate_error& e) {
      std::fprintf(stderr, "%s\n", e.what());
      exit_code() = 1;
    }
  });
}

}  // namespace tune::cli
