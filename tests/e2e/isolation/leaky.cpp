#include <tune/kernel.h>

#include <cstddef>

// Exported, not inline: every row would define it, and the linker would pick one row's copy for
// all of them. Isolation must refuse this source.
int e2e_leaked_function(int x) { return x + 1; }

int TUNE_ENTRY(const int* a, std::size_t n) { return e2e_leaked_function(static_cast<int>(n) + a[0]); }
