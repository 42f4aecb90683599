/* The C kernel the C cases declare: a dot product, compiled once per row as C. Never built. */
#include <tune/kernel.h>
#include <stddef.h>

float TUNE_ENTRY(const float* a, const float* b, size_t n) {
  float s = 0;
  for (size_t i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}
