#include "stamp/fortran.h"

#include <map>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace tune::stamp {

namespace {

// The C types with an interoperable Fortran kind (ISO_C_BINDING), as SIGNATURE spells them.
const std::map<std::string, std::string>& interoperable() {
  static const std::map<std::string, std::string> types = {
      {"float", "real(c_float)"},
      {"double", "real(c_double)"},
      {"long double", "real(c_long_double)"},
      {"int", "integer(c_int)"},
      {"unsigned", "integer(c_int)"},
      {"unsigned int", "integer(c_int)"},
      {"short", "integer(c_short)"},
      {"long", "integer(c_long)"},
      {"unsigned long", "integer(c_long)"},
      {"long long", "integer(c_long_long)"},
      {"unsigned long long", "integer(c_long_long)"},
      {"size_t", "integer(c_size_t)"},
      {"std::size_t", "integer(c_size_t)"},
      {"ptrdiff_t", "integer(c_ptrdiff_t)"},
      {"int8_t", "integer(c_int8_t)"},
      {"int16_t", "integer(c_int16_t)"},
      {"int32_t", "integer(c_int32_t)"},
      {"int64_t", "integer(c_int64_t)"},
      {"uint8_t", "integer(c_int8_t)"},
      {"uint16_t", "integer(c_int16_t)"},
      {"uint32_t", "integer(c_int32_t)"},
      {"uint64_t", "integer(c_int64_t)"},
      {"char", "character(kind=c_char)"},
      {"bool", "logical(c_bool)"},
      {"_Bool", "logical(c_bool)"},
  };
  return types;
}

// The words of a C type, `*` apart, with its qualifiers counted out.
struct c_type {
  std::string base;  // "double", "unsigned long"
  int pointers = 0;
  bool const_pointee = false;  // const before the first '*'
};

c_type read_type(const std::string& text) {
  c_type t;
  std::string spaced;
  for (char c : text) spaced += c == '*' ? std::string(" * ") : std::string(1, c);
  std::istringstream words(spaced);
  std::string word;
  while (words >> word) {
    if (word == "*") {
      ++t.pointers;
    } else if (word == "const") {
      if (t.pointers == 0) t.const_pointee = true;
    } else if (word == "volatile" || word == "restrict" || word == "__restrict" || word == "__restrict__") {
      continue;
    } else {
      t.base += (t.base.empty() ? "" : " ") + word;
    }
  }
  return t;
}

// Parameters split at commas (a C SIGNATURE has no commas inside a type Fortran can take).
std::vector<std::string> params_of(const signature& sig) {
  std::vector<std::string> out;
  if (sig.params.empty()) return out;
  std::string current;
  for (char c : sig.params) {
    if (c == ',') {
      out.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  out.push_back(current);
  return out;
}

std::invalid_argument unmappable(const std::string& family, const std::string& what, const std::string& type) {
  return std::invalid_argument(fmt::format(
      "family {}: {} has type '{}', which has no interoperable Fortran counterpart, so the stamp cannot write the "
      "Fortran interface of tune_link's Fortran targets. Use scalars and pointers to scalars of the ISO_C_BINDING "
      "kinds (float, double, int, long, size_t, int32_t, ..., void*), or call the family from C or C++.",
      family, what, type));
}

// One dummy argument's declaration.
std::string dummy(const std::string& family, const std::string& param, const std::string& name) {
  if (param.find_first_of("([&<") != std::string::npos) throw unmappable(family, "parameter " + name, param);
  const auto type_text = param.substr(0, param.rfind(name));
  const c_type t = read_type(type_text);
  const auto& kinds = interoperable();
  if (t.base == "void" && t.pointers == 1) return fmt::format("type(c_ptr), value :: {}", name);
  const auto kind = kinds.find(t.base);
  if (kind == kinds.end() || t.pointers > 1) throw unmappable(family, "parameter " + name, type_text);
  if (t.pointers == 0) return fmt::format("{}, value :: {}", kind->second, name);
  return fmt::format("{}, intent({}) :: {}(*)", kind->second, t.const_pointee ? "in" : "inout", name);
}

// One interface body: `public_name` bound to the row symbol `symbol`.
std::string interface_body(const std::string& family, const std::string& public_name, const std::string& symbol,
                           const signature& sig) {
  for (const auto& name : sig.arg_names)
    if (name.front() == '_')
      throw std::invalid_argument(fmt::format(
          "family {}: parameter {} of {} starts with '_', which a Fortran name cannot; rename it in SIGNATURE", family,
          name, public_name));
  const std::string args = fmt::format("{}", fmt::join(sig.arg_names, ", "));
  const c_type ret = read_type(sig.ret);
  const bool subroutine = ret.base == "void" && ret.pointers == 0;
  std::string out;
  if (subroutine) {
    out += fmt::format("    subroutine {}({}) bind(C, name=\"{}\")\n", public_name, args, symbol);
  } else {
    out += fmt::format("    function {}({}) result(tune_result) bind(C, name=\"{}\")\n", public_name, args, symbol);
  }
  out += "      use, intrinsic :: iso_c_binding\n      implicit none\n";
  const auto params = params_of(sig);
  for (std::size_t i = 0; i < params.size(); ++i) out += "      " + dummy(family, params[i], sig.arg_names[i]) + "\n";
  if (!subroutine) {
    const auto kind = interoperable().find(ret.base);
    if (ret.base == "void" && ret.pointers == 1)
      out += "      type(c_ptr) :: tune_result\n";
    else if (kind == interoperable().end() || ret.pointers > 0)
      throw unmappable(family, "the return of " + public_name, sig.ret);
    else
      out += fmt::format("      {} :: tune_result\n", kind->second);
  }
  out += subroutine ? "    end subroutine\n" : "    end function\n";
  return out;
}

}  // namespace

std::string render_fortran_module(const std::string& family, const signature& sig, const seat& chosen,
                                  const std::vector<signature>& companion_signatures) {
  std::string out = fmt::format(
      "! generated by cmake-tune: the stamp of family {} for Fortran callers (tune_link). Do not edit.\n"
      "! {} = {}\n",
      family, family, chosen.suffix);
  for (const auto& c : chosen.companions) out += fmt::format("! companion {} = {}\n", c.name, c.suffix);
  out += fmt::format("module tune_kernels_{}\n  implicit none\n  interface\n", family);
  out += interface_body(family, family, family + "__" + chosen.suffix, sig);
  for (std::size_t i = 0; i < chosen.companions.size() && i < companion_signatures.size(); ++i) {
    const auto& c = chosen.companions[i];
    out += interface_body(family, c.name, c.name + "__" + c.suffix, companion_signatures[i]);
  }
  out += fmt::format("  end interface\nend module tune_kernels_{}\n", family);
  return out;
}

}  // namespace tune::stamp
