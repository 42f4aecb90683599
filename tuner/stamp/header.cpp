#include "stamp/header.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "stamp/describe.h"
#include "stamp/dispatch.h"

namespace tune::stamp {

namespace {

// A C++ string literal holding `text`.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// A C++ name for a seat: "dot", "dot__shape_small" for dot@small.
std::string variable_of(const std::string& seat_name) {
  std::string variable = seat_name;
  if (const auto at = variable.find('@'); at != std::string::npos) variable.replace(at, 1, "__shape_");
  return variable;
}

// The seat's row in tune::status(), registered when a translation unit includes the header.
std::string status_registration(const std::string& seat_name, const seat& chosen, const std::string& tune_command) {
  const std::string variable = variable_of(seat_name);
  return fmt::format(
      "namespace tune::detail::stamped {{\n"
      "inline const bool {} = ::tune::detail::register_family({{{}, {}, {}, {}, {}, \"\"}});\n"
      "}}  // namespace tune::detail::stamped\n",
      variable, quoted(seat_name), quoted(chosen.suffix), quoted(source_text(chosen)), quoted(tune_command),
      quoted(stamped_why(chosen)));
}

// A public name of the header and the signature it has: the family's, then each companion's.
struct public_name {
  std::string name;
  const signature* sig;
};

// DISPATCH (tune/dispatch.h): per seat, its candidates and the row each public name calls for
// each, bound once at load time, when the registration in tune::status() runs. The rows of every
// candidate are referenced, so the binary carries each of them.
std::string dispatch_tables(const std::vector<public_name>& names, const signature& sig,
                            const std::vector<branch>& branches, const std::string& tune_command) {
  std::string out = "#include <tune/dispatch.h>\n";
  // Every candidate row's symbols, declared once.
  std::vector<std::string> declared;
  for (const auto& b : branches)
    for (const auto& c : b.dispatch.candidates)
      for (const auto& n : names) {
        const std::string symbol = n.name + "__" + c.suffix;
        if (std::find(declared.begin(), declared.end(), symbol) != declared.end()) continue;
        declared.push_back(symbol);
        out += fmt::format("{}{} {}({});\n", c.c_linkage ? "extern \"C\" " : "", n.sig->ret, symbol, n.sig->params);
      }
  out += "namespace tune::detail::dispatched {\n";
  for (const auto& b : branches) {
    const std::string var = variable_of(b.seat_name);
    const auto& cands = b.dispatch.candidates;
    out += fmt::format("inline const ::tune::detail::dispatch::bound& {}__bound() {{\n", var);
    out += fmt::format("  using fn = {} (*)({});\n", sig.ret, sig.params);
    std::string entries;
    for (std::size_t i = 0; i < cands.size(); ++i) {
      const auto& c = cands[i];
      std::string needs = std::to_string(c.needs.size());
      for (const auto mask : c.needs) needs += fmt::format(", {:#x}ull", mask);
      out += fmt::format("  static const std::uint64_t needs{}[] = {{{}}};\n", i, needs);
      entries += fmt::format("      {{::tune::detail::dispatch::from::{}, {}, {}, &::{}__{}, needs{}}},\n", c.source,
                             quoted(c.cls), quoted(c.suffix), names[0].name, c.suffix, i);
    }
    out += fmt::format("  static const ::tune::detail::dispatch::candidate<fn> candidates[] = {{\n{}  }};\n", entries);
    out += fmt::format(
        "  static const ::tune::detail::dispatch::bound b = ::tune::detail::dispatch::bind(candidates, {}, "
        "{{{}, {:#x}ull}});\n  return b;\n}}\n",
        cands.size(), quoted(b.dispatch.minting_signature), b.dispatch.minting_features);
    // Each public name's row for the bound candidate: companions follow the seat's row.
    for (const auto& n : names) {
      std::string rows;
      for (const auto& c : cands) rows += fmt::format("&::{}__{}, ", n.name, c.suffix);
      out += fmt::format(
          "inline {} (*{}__row_{}())({}) {{\n  static {} (*const rows[])({}) = {{{}}};\n"
          "  static {} (*const row)({}) = rows[{}__bound().index];\n  return row;\n}}\n",
          n.sig->ret, var, n.name, n.sig->params, n.sig->ret, n.sig->params, rows, n.sig->ret, n.sig->params, var);
    }
    out += fmt::format(
        "inline const bool {0}__registered = ::tune::detail::register_family({{{1}, {0}__bound().suffix, "
        "{0}__bound().source, {2}, {0}__bound().why, {0}__bound().cls}});\n",
        var, quoted(b.seat_name), quoted(tune_command));
  }
  return out + "}  // namespace tune::detail::dispatched\n";
}

// A row symbol a public name calls in one branch.
struct target {
  std::string symbol;
  bool c_linkage;
};

// Each public name with the row symbol it calls in each branch: the family's, then its companions'.
struct forwarded {
  std::string name;
  const signature* sig;
  std::vector<target> targets;  // branch by branch
};

std::vector<forwarded> forwarded_names(const std::string& family, const signature& sig,
                                       const std::vector<branch>& branches,
                                       const std::vector<signature>& companion_signatures) {
  std::vector<forwarded> names = {{family, &sig, {}}};
  for (std::size_t i = 0; i < companion_signatures.size(); ++i)
    names.push_back({branches.front().chosen.companions[i].name, &companion_signatures[i], {}});
  for (const auto& b : branches) {
    names[0].targets.push_back({family + "__" + b.chosen.suffix, b.chosen.c_linkage});
    for (std::size_t i = 0; i < b.chosen.companions.size(); ++i) {
      const auto& c = b.chosen.companions[i];
      names[i + 1].targets.push_back({c.name + "__" + c.suffix, c.c_linkage});
    }
  }
  return names;
}

// The header's opening comment: each seat's row and why, each companion's.
std::string opening_comment(const std::string& family, const std::vector<branch>& branches, bool shaped,
                            bool dispatch) {
  std::string out;
  if (!shaped) {
    const seat& chosen = branches.front().chosen;
    out = fmt::format("// generated by cmake-tune: {} = {} (source: {})\n", family, chosen.suffix, stamped_why(chosen));
    for (const auto& c : chosen.companions) out += fmt::format("// companion {} = {}\n", c.name, companion_why(c));
  } else {
    out = fmt::format("// generated by cmake-tune: {} dispatches on its shapes, in order\n", family);
    for (const auto& b : branches) {
      out += fmt::format("// {} = {} (source: {})\n", b.seat_name, b.chosen.suffix, stamped_why(b.chosen));
      for (const auto& c : b.chosen.companions)
        out += fmt::format("//   companion {} = {}\n", c.name, companion_why(c));
    }
  }
  if (dispatch)
    out += fmt::format(
        "// in a tune_link(<target> {} DISPATCH) target: bound at load time to the running CPU's row; "
        "tune::status() says which\n",
        family);
  return out;
}

// The includes and the rows' declarations; a C family's compile as C too, C++ parts behind
// __cplusplus (the extern "C" block is closed by the caller's #ifdef).
std::string declarations(const std::vector<forwarded>& names, bool c_family) {
  std::string declared;
  std::vector<std::string> declared_symbols;
  for (const auto& n : names)
    for (const auto& t : n.targets) {
      if (std::find(declared_symbols.begin(), declared_symbols.end(), t.symbol) != declared_symbols.end()) continue;
      declared_symbols.push_back(t.symbol);
      declared += fmt::format("{}{} {}({});\n", t.c_linkage && !c_family ? "extern \"C\" " : "", n.sig->ret, t.symbol,
                              n.sig->params);
    }
  const std::string cxx_includes = "#include <cstddef>\n#include <cstdint>\n\n#include <tune/status.h>\n";
  if (c_family)
    return "#pragma once\n#ifdef __cplusplus\n" + cxx_includes +
           "extern \"C\" {\n#else\n#include <stddef.h>\n#include <stdint.h>\n#endif\n\n" + declared +
           "\n#ifdef __cplusplus\n}  // extern \"C\"\n";
  return "#pragma once\n" + cxx_includes + "\n" + declared;
}

// The public names' bodies: `call(n, k)` calls name n's row for branch k; in C, a void row's call
// is a statement (C forbids `return f()` in a void function).
template <typename Call>
std::vector<std::string> bodies(const std::vector<forwarded>& names, const std::vector<branch>& branches, bool shaped,
                                const Call& call, bool in_c = false) {
  std::vector<std::string> out_bodies;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto& n = names[i];
    std::string args;
    for (std::size_t a = 0; a < n.sig->arg_names.size(); ++a) args += (a ? ", " : "") + n.sig->arg_names[a];
    const bool statement = in_c && n.sig->ret == "void";
    const auto ret = [&](std::size_t k) {
      if (!statement) return fmt::format("return {}({});", call(i, k), args);
      return k + 1 < branches.size() ? fmt::format("{{ {}({}); return; }}", call(i, k), args)
                                     : fmt::format("{}({});", call(i, k), args);
    };
    std::string body;
    if (!shaped) {
      body = fmt::format("{}({}) {{ {} }}\n", n.name, n.sig->params, ret(0));
    } else {
      // A call per shape: the last shape takes what no condition matched.
      body = fmt::format("{}({}) {{\n", n.name, n.sig->params);
      for (std::size_t k = 0; k < branches.size(); ++k) {
        const auto& b = branches[k];
        if (k + 1 < branches.size())
          body += fmt::format("  if ({}) {}  // {}\n", b.condition, ret(k), b.seat_name);
        else
          body += fmt::format("  {}  // {}{}\n", ret(k), b.seat_name,
                              b.condition.empty() ? "" : ", and every call no condition matched");
      }
      body += "}\n";
    }
    out_bodies.push_back(body);
  }
  return out_bodies;
}

// The C++ forwarders: stamped, a direct call to the row, no table, no pointer, inline or defined
// out of line by an EXPORT target; with DISPATCH, bound at load time. A C family's exported names
// have C linkage, so C callers of the exporting target link to them.
std::string cxx_forwarders(const std::string& family, const std::vector<forwarded>& names,
                           const std::vector<branch>& branches, bool shaped, bool c_family, bool dispatch,
                           const std::string& cpp_namespace) {
  const std::string linkage = c_family ? "extern \"C\" " : "";
  const auto direct =
      bodies(names, branches, shaped, [&](std::size_t i, std::size_t k) { return "::" + names[i].targets[k].symbol; });
  std::string defined, declared, inlined;
  for (std::size_t i = 0; i < names.size(); ++i) {
    const auto& n = names[i];
    defined += fmt::format("{}__attribute__((visibility(\"default\"))) {} {}", linkage, n.sig->ret, direct[i]);
    declared += fmt::format("{}{} {}({});\n", linkage, n.sig->ret, n.name, n.sig->params);
    inlined += fmt::format("inline {} {}", n.sig->ret, direct[i]);
  }
  std::string forwarders = fmt::format(
      "// tune_link(<target> {0} EXPORT) defines the public names out of line in <target>; whatever links it declares "
      "them.\n"
      "#if defined(TUNE_DEFINE_{0})\n{1}#elif defined(TUNE_EXPORTED_{0})\n{2}#else\n{3}#endif\n",
      family, defined, declared, inlined);
  if (dispatch) {
    const auto bound = bodies(names, branches, shaped, [&](std::size_t i, std::size_t k) {
      return fmt::format("::tune::detail::dispatched::{}__row_{}()", variable_of(branches[k].seat_name), names[i].name);
    });
    std::string dispatched;
    for (std::size_t i = 0; i < names.size(); ++i)
      dispatched += fmt::format("inline {} {}", names[i].sig->ret, bound[i]);
    forwarders = fmt::format(
        "// tune_link(<target> {0} DISPATCH) binds the public names at load time to the running CPU's rows.\n"
        "#if defined(TUNE_DISPATCH_{0})\n{1}#else\n{2}#endif\n",
        family, dispatched, forwarders);
  }
  if (!cpp_namespace.empty())
    forwarders = fmt::format("namespace {} {{\n{}}}  // namespace {}\n", cpp_namespace, forwarders, cpp_namespace);
  return forwarders;
}

// From C: static inline forwarders (C99's plain `inline` would need an external definition), or
// the exporting target's C-linkage definitions; a DISPATCH binding lives in C++ only.
std::string c_forwarders(const std::string& family, const std::vector<forwarded>& names,
                         const std::vector<branch>& branches, bool shaped, bool dispatch) {
  std::string c_declared, c_inlined;
  const auto c_direct = bodies(
      names, branches, shaped, [&](std::size_t i, std::size_t k) { return names[i].targets[k].symbol; },
      /*in_c=*/true);
  for (std::size_t i = 0; i < names.size(); ++i) {
    c_declared += fmt::format("{} {}({});\n", names[i].sig->ret, names[i].name, names[i].sig->params);
    c_inlined += fmt::format("static inline {} {}", names[i].sig->ret, c_direct[i]);
  }
  std::string forwarders =
      fmt::format("#if defined(TUNE_EXPORTED_{})\n{}#else\n{}#endif\n", family, c_declared, c_inlined);
  if (dispatch)
    forwarders = fmt::format(
        "#if defined(TUNE_DISPATCH_{0})\n#error \"tune_link(... {0} DISPATCH) binds {0} in C++: call it from a C++ "
        "source of the target, or link the C target without DISPATCH\"\n#else\n{1}#endif\n",
        family, forwarders);
  return forwarders;
}

}  // namespace

std::string program_tune_command(const manifest& m) {
  manifest shown = m;
  shown.build_dir = "<build dir>";
  return tune::tune_command(shown);
}

std::string render_header(const std::string& family, const signature& sig, const seat& chosen,
                          const std::string& cpp_namespace, const std::string& tune_command,
                          const std::vector<signature>& companion_signatures) {
  return render_header(family, sig, std::vector<branch>{{family, "", chosen}}, cpp_namespace, tune_command,
                       companion_signatures);
}

std::string render_header(const std::string& family, const signature& sig, const std::vector<branch>& branches,
                          const std::string& cpp_namespace, const std::string& tune_command,
                          const std::vector<signature>& companion_signatures) {
  if (branches.empty()) throw std::invalid_argument(fmt::format("render_header({}): no seat to stamp", family));
  for (const auto& b : branches)
    if (companion_signatures.size() != b.chosen.companions.size())
      throw std::invalid_argument(fmt::format("render_header({}): {} companion seats but {} companion signatures",
                                              b.seat_name, b.chosen.companions.size(), companion_signatures.size()));
  const bool shaped = branches.size() > 1 || !branches.front().condition.empty();
  const auto names = forwarded_names(family, sig, branches, companion_signatures);
  const bool dispatch =
      std::any_of(branches.begin(), branches.end(), [](const branch& b) { return !b.dispatch.candidates.empty(); });
  // A family whose every row and companion is C is callable from C (docs/fixtures.md "In C"): its
  // header compiles as C too, C++ parts behind __cplusplus.
  const bool c_family = std::all_of(names.begin(), names.end(), [](const forwarded& n) {
    return std::all_of(n.targets.begin(), n.targets.end(), [](const target& t) { return t.c_linkage; });
  });
  std::string out = opening_comment(family, branches, shaped, dispatch) + declarations(names, c_family) + "\n";
  std::vector<public_name> public_names;
  for (const auto& n : names) public_names.push_back({n.name, n.sig});
  if (dispatch) out += fmt::format("#if !defined(TUNE_DISPATCH_{})\n", family);
  for (const auto& b : branches) out += status_registration(b.seat_name, b.chosen, tune_command);
  if (dispatch) out += "#else\n" + dispatch_tables(public_names, sig, branches, tune_command) + "#endif\n";
  out += "\n";
  out += cxx_forwarders(family, names, branches, shaped, c_family, dispatch, cpp_namespace);
  if (!c_family) return out;
  return out + "#else\n" + c_forwarders(family, names, branches, shaped, dispatch) + "#endif\n";
}

}  // namespace tune::stamp
