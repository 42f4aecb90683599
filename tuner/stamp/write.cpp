#include "stamp/write.h"

#include <fstream>

#include <fmt/format.h>

#include "stamp/describe.h"
#include "stamp/dispatch.h"
#include "stamp/fortran.h"
#include "stamp/header.h"
#include "stamp/signature.h"
#include "util/atomic_file.h"
#include "util/json_reader.h"
#include "util/json_file.h"

namespace tune::stamp {

namespace {

std::string depfile_path(const std::filesystem::path& p) {
  std::string out;
  for (char c : p.string()) {
    if (c == ' ' || c == '#' || c == '$') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

scope_stamp stamp_scope(const manifest& m, const seat_inputs& inputs, sidecar::verdict verdict,
                        const std::string& verdict_message, const std::string& policy,
                        const std::vector<std::filesystem::path>& depends_on) {
  scope_stamp result{verdict, verdict_message, policy, {}, 0};
  stamp_record record{m.scope, sidecar::to_string(verdict), verdict_message, policy, {}};
  const auto tune_command = program_tune_command(m);
  // One header per public name: the seats of a family with SHAPES are consecutive in the manifest.
  for (std::size_t first = 0; first < m.families.size();) {
    const family_decl& family = m.families[first];
    std::vector<branch> branches;
    std::size_t next = first;
    for (; next < m.families.size() && m.families[next].function() == family.function(); ++next) {
      const family_decl& seat_decl = m.families[next];
      const seat s = resolve_seat(seat_decl, inputs);
      record.families[seat_decl.name] = entry_of(s);
      result.seats.emplace_back(seat_decl.name, s);
      branches.push_back({seat_decl.name, seat_decl.condition, s,
                          inputs.dispatch_profiles
                              ? dispatch_candidates(seat_decl, s, inputs.fresh_sidecar, *inputs.dispatch_profiles,
                                                    inputs.force_reference, inputs.dispatch_arch)
                              : dispatch_table{}});
    }
    first = next;
    const auto sig = parse_signature(family.signature);
    std::vector<signature> companion_sigs;
    for (const auto& c : family.companions) companion_sigs.push_back(parse_signature(c.signature));
    const auto header = render_header(family.function(), sig, branches, m.cpp_namespace, tune_command, companion_sigs);
    if (util::write_file_if_changed(m.stamp_dir / (family.function() + ".h"), header)) ++result.headers_written;
    // tune_link refuses a Fortran target a family with SHAPES (cmake/Tune.cmake): one seat here.
    if (family.fortran_callers &&
        util::write_file_if_changed(
            m.stamp_dir / ("tune_kernels_" + family.function() + ".f90"),
            render_fortran_module(family.function(), sig, branches.front().chosen, companion_sigs)))
      ++result.headers_written;
  }
  util::write_file_if_changed(m.state_dir / "stamp.json", util::json_text(nlohmann::json(record)) + "\n");

  const auto done = m.state_dir / "stamp.done";
  std::string deps = depfile_path(done) + ":";
  for (const auto& p : depends_on)
    if (std::filesystem::exists(p)) deps += " " + depfile_path(p);
  util::write_file_if_changed(m.state_dir / "stamp.d", deps + "\n");
  // The step's output: always touched, so the build knows this step is done.
  std::ofstream(done, std::ios::trunc) << "stamped\n";
  return result;
}

std::optional<stamp_record> read_stamp_record(const manifest& m) {
  const auto file = m.state_dir / "stamp.json";
  const auto doc = util::read_json(file);
  if (!doc) return std::nullopt;
  return parse_stamp_record(*doc, file);
}

}  // namespace tune::stamp
