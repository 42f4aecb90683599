#include <tune/kernel.h>

#include <cstddef>

// Shared on purpose between the rows: a non-static inline function and a template. noinline
// keeps them out of line, so every row's object holds a copy compiled under that row's ISA
// flags — exactly what the linker would otherwise merge across rows.
__attribute__((noinline)) inline int e2e_shared_helper(int x) { return 3 * x + 1; }

template <class T>
__attribute__((noinline)) T e2e_shared_sum(const T* a, std::size_t n) {
  T s = 0;
  for (std::size_t i = 0; i < n; ++i) s += a[i];
  return s;
}

int TUNE_ENTRY(const int* a, std::size_t n) { return e2e_shared_helper(e2e_shared_sum(a, n)); }
