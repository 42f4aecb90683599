#include "mint/impl_hash.h"

#include <fmt/format.h>

#include "util/sha256.h"

namespace tune::mint {

namespace {
bool names_the_row(const std::string& define) {
  return define.rfind("TUNE_ENTRY=", 0) == 0 || define.rfind("TUNE_ROW_SUFFIX=", 0) == 0;
}
}  // namespace

std::string impl_hash(const manifest& m, const family_decl& family, const row_decl& row, const std::string& box_class) {
  util::sha256 h;
  h.field(m.compiler).field(m.compiler_flags);
  for (const auto& flag : row.flags) h.field(flag);
  for (const auto& define : row.defines)
    if (!names_the_row(define)) h.field(define);
  for (const auto& source : family.sources) h.field(util::sha256_file(source));
  // What the compiles read, hashed when they ran; "" for a row whose compile left no dependency
  // file (its listed sources, above, are then all the hash knows of it).
  h.field(row.identity && row.identity->inputs_sha256 ? *row.identity->inputs_sha256 : "");
  h.field(box_class);
  return h.hex();
}

std::string compile_command(const manifest& m, const row_decl& row) {
  std::string cmd = m.compiler_flags;
  for (const auto& flag : row.flags) cmd += " " + flag;
  for (const auto& define : row.defines) cmd += " -D" + define;
  return fmt::format("{} ({})", m.compiler, cmd.empty() ? "no flags" : cmd.substr(cmd[0] == ' ' ? 1 : 0));
}

}  // namespace tune::mint
