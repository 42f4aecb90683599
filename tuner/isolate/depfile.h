#pragma once
// The files a compile read, from the dependency file the compiler wrote beside its object (GCC and
// Clang's -MD -MF: a Make rule, `<object>: <source> <header> ...`). No library reads this format;
// it is small: rules, backslash-newline continuations, `\ ` for a space in a name, `$$` for `$`.
#include <string>
#include <string_view>
#include <vector>

namespace tune::isolate {

// Every prerequisite of every rule in `text`, in order, each once. Targets are not listed.
std::vector<std::string> depfile_inputs(std::string_view text);

}  // namespace tune::isolate
