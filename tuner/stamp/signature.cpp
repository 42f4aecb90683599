#include "stamp/signature.h"

#include <cctype>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

namespace tune::stamp {

namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\n");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\n") - b + 1);
}

// Parameters split at top-level commas: commas inside <>, () or [] belong to a type.
std::vector<std::string> split_params(const std::string& params) {
  std::vector<std::string> out;
  int depth = 0;
  std::string current;
  for (char c : params) {
    if (c == '<' || c == '(' || c == '[') ++depth;
    if (c == '>' || c == ')' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(trim(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!trim(current).empty() || !out.empty()) out.push_back(trim(current));
  return out;
}

// "const", "volatile const" or "": what is left when a lone type was taken for a name.
bool only_qualifiers(const std::string& type) {
  std::istringstream words(type);
  std::string word;
  while (words >> word)
    if (word != "const" && word != "volatile") return false;
  return true;
}

}  // namespace

signature parse_signature(const std::string& text) {
  const auto open = text.find('(');
  const auto close = text.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open || trim(text.substr(0, open)).empty())
    throw std::invalid_argument(fmt::format("SIGNATURE \"{}\" is not of the form \"<ret>(<params>)\"", text));
  signature sig;
  sig.ret = trim(text.substr(0, open));
  sig.params = trim(text.substr(open + 1, close - open - 1));
  if (sig.params == "void") sig.params.clear();
  const auto params = split_params(sig.params);
  for (std::size_t i = 0; i < params.size(); ++i) {
    const std::string& p = params[i];
    std::size_t end = p.size();
    while (end > 0 && p[end - 1] == ']') end = p.rfind('[', end - 1);  // array parameters: int x[4]
    std::size_t begin = end;
    while (begin > 0 && (std::isalnum(static_cast<unsigned char>(p[begin - 1])) || p[begin - 1] == '_')) --begin;
    const std::string name = p.substr(begin, end - begin);
    const std::string type = trim(p.substr(0, begin));
    if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])) || only_qualifiers(type) ||
        type.back() == ':')
      throw std::invalid_argument(fmt::format(
          "SIGNATURE \"{}\": parameter {} ('{}') has no name; name every parameter, e.g. \"const float* a\"", text,
          i + 1, p));
    sig.arg_names.push_back(name);
  }
  return sig;
}

}  // namespace tune::stamp
