#pragma once
// A family's SIGNATURE split into what the stamp's forwarder needs.
#include <string>
#include <vector>

namespace tune::stamp {

struct signature {
  std::string ret;                     // "float"
  std::string params;                  // "const float* a, const float* b, std::size_t n"
  std::vector<std::string> arg_names;  // {"a", "b", "n"}
};

// Splits "<ret>(<params>)". Every parameter must be named (the forwarder passes them on);
// throws std::invalid_argument naming the parameter otherwise.
signature parse_signature(const std::string& text);

}  // namespace tune::stamp
