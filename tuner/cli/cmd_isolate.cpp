// `tune isolate`: the build's isolation step (isolate/isolate.h), run by the custom commands
// tune/Rows.cmake adds, each for a batch of rows (--batch) or, by hand, for one row. Not for
// people: it is left out of `tune --help`.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/commands.h"
#include "isolate/isolate.h"
#include "util/atomic_file.h"

namespace tune::cli {

namespace {

// A row's options. `required`: as in a batch's row; the command line gives them or --batch.
void add_row_options(CLI::App& cmd, isolate::isolate_request& r, bool required) {
  cmd.add_option("--entry", r.entry, "<family>__<suffix>")->required(required);
  cmd.add_option("--suffix", r.suffix, "The row's suffix")->required(required);
  cmd.add_option("--companion", r.companions, "<function>__<suffix>, once per companion");
  cmd.add_option("--output", r.output, "The isolated object")->required(required);
  cmd.add_option("--relocated", r.relocated, "A relocated copy, in order");
  cmd.add_option("--record", r.record, "<rows dir>/<family>__<suffix>")->required(required);
  cmd.add_option("--critical", r.critical, "reference or fallback: the row must isolate");
  cmd.add_option("--linker", r.linker, "ld, for rows of several objects");
  cmd.add_option("--objcopy", r.objcopy, "objcopy");
  cmd.add_option("--objdump", r.objdump, "objdump, for the instruction check of aarch64 rows");
  cmd.add_option("--requires", r.needs, "The row's requires= expression, which the instruction check holds it to");
  cmd.add_option("objects", r.objects, "The row's objects")->required(required);
}

// The rows of a batch file (cmake/tune/Rows.cmake _tune_isolate_batch): each row's arguments one
// per line, rows apart by an empty line. Throws isolate_error for a file the build did not write.
std::vector<isolate::isolate_request> batch_rows(const std::filesystem::path& file) {
  const auto text = util::read_file(file);
  if (!text)
    throw isolate::isolate_error(fmt::format("cmake-tune: the isolation batch {} does not exist", file.string()));
  std::vector<std::vector<std::string>> groups(1);
  std::istringstream lines(*text);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) {
      groups.back().push_back(line);
    } else if (!groups.back().empty()) {
      groups.emplace_back();
    }
  }
  if (groups.back().empty()) groups.pop_back();
  std::vector<isolate::isolate_request> rows;
  for (auto& args : groups) {
    CLI::App parser;
    isolate::isolate_request r;
    add_row_options(parser, r, true);
    std::reverse(args.begin(), args.end());  // CLI11 parses a vector from its back
    try {
      parser.parse(args);
    } catch (const CLI::ParseError&) {
      throw isolate::isolate_error(fmt::format(
          "cmake-tune: {} is not a batch of rows as cmake-tune's build writes it (row {}); re-run CMake to write it "
          "again.",
          file.string(), rows.size() + 1));
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

}  // namespace

void register_isolate_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("isolate", "The build's isolation of kernel rows");
  cmd->group("");
  auto r = std::make_shared<isolate::isolate_request>();
  auto batch = std::make_shared<std::filesystem::path>();
  cmd->add_option("--batch", *batch, "A file of rows to isolate, one after another");
  add_row_options(*cmd, *r, false);
  cmd->callback([r, batch] {
    if (batch->empty() &&
        (r->entry.empty() || r->suffix.empty() || r->output.empty() || r->record.empty() || r->objects.empty())) {
      std::fprintf(stderr,
                   "tune isolate: give --batch <file>, or a row's --entry, --suffix, --output, --record and "
                   "objects\n");
      exit_code() = 2;
      return;
    }
    try {
      for (const auto& row : batch->empty() ? std::vector<isolate::isolate_request>{*r} : batch_rows(*batch))
        if (const auto note = isolate::isolate_row(row); !note.empty()) std::fprintf(stderr, "%s\n", note.c_str());
    } catch (const isolate::isolate_error& e) {
      std::fprintf(stderr, "%s\n", e.what());
      exit_code() = 1;
    }
  });
}

}  // namespace tune::cli
