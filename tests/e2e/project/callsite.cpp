// Disassembled by the e2e test (e2e_expect_direct_call): one function calls the family through
// its stamp, the other calls the winning row by its own name. A stamp is a direct call, so both
// must compile to the same instructions. noipa keeps the compiler from folding the two into one.
#include <tune/kernels/planted.h>

#include <cstddef>

float planted__passes1(const float* a, std::size_t n);  // the row e2e_expect_minted crowns

extern "C" [[gnu::noipa]] float through_stamp(const float* a, std::size_t n) { return planted(a, n); }
extern "C" [[gnu::noipa]] float direct_call(const float* a, std::size_t n) { return planted__passes1(a, n); }

int main() {
  const float a[4] = {1, 1, 1, 1};
  return through_stamp(a, 4) == direct_call(a, 4) ? 0 : 1;
}
