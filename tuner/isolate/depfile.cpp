#include "isolate/depfile.h"

#include <algorithm>

namespace tune::isolate {

std::vector<std::string> depfile_inputs(std::string_view text) {
  std::vector<std::string> inputs;
  std::string word;
  bool in_prerequisites = false;  // past this rule's ':'
  const auto end_word = [&] {
    if (word.empty()) return;
    if (!in_prerequisites && word.back() == ':') {
      in_prerequisites = true;  // "<object>:" closes the targets
    } else if (in_prerequisites && std::find(inputs.begin(), inputs.end(), word) == inputs.end()) {
      inputs.push_back(word);
    }
    word.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (c == '\\' && next == '\n') {
      end_word();
      ++i;
    } else if (c == '\\' && next == '\r' && i + 2 < text.size() && text[i + 2] == '\n') {
      end_word();
      i += 2;
    } else if (c == '\\' && (next == ' ' || next == '#' || next == '\\')) {
      word += next;
      ++i;
    } else if (c == '$' && next == '$') {
      word += '$';
      ++i;
    } else if (c == '\n') {
      end_word();
      in_prerequisites = false;  // a new rule
    } else if (c == ' ' || c == '\t' || c == '\r') {
      end_word();
    } else if (c == ':' && !in_prerequisites && (next == ' ' || next == '\t' || next == '\n' || next == '\0')) {
      word += c;
      end_word();
    } else {
      word += c;
    }
  }
  end_word();
  return inputs;
}

}  // namespace tune::isolate
