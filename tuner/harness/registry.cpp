#include <tune/bench/registry.h>

namespace tune::bench {

std::vector<family_info>& registered_families() {
  static std::vector<family_info> families;  // filled by static initializers: constructed on first use
  return families;
}

void register_family(family_info info) { registered_families().push_back(std::move(info)); }

}  // namespace tune::bench
