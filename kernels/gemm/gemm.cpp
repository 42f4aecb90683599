// Single-precision GEMM, row-major: c[m×n] = a[m×k] · b[k×n]. The kernel overwrites c entirely.
//
// Rows:
//   IMPL=naive    the reference: a plain triple loop, each c[i][j] summed over p = 0..k-1 in order.
//   IMPL=blocked  cache blocking (BLOCK = depth of a k-block and height of an a-block) around an
//                 MR × NR register tile (MR = TUNE_AXIS(MR) rows, NR = two vectors of the row's ISA).
//                 Panels of a and b are packed, zero-padded, into contiguous buffers so the tile
//                 loop reads unit-stride and needs no edge cases; only the store is clipped.
//   IMPL=blas     OpenBLAS cblas_sgemm, as a row to beat.
// No intrinsics: the register tile uses GCC/Clang vector types as wide as the row's ISA, and the
// compiler lowers everything else; the ISA axis changes only compile flags and that width.
#include <tune/kernel.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <new>

#if TUNE_AXIS_IS(IMPL, blas)
#include <cblas.h>
#endif

namespace {

#if TUNE_AXIS_IS(IMPL, naive)

// i-p-j order: each c[i][j] still accumulates its products in p order (the reference order),
// while the inner loop runs along a row of c and b, so even the reference is not needlessly slow.
void multiply(const float* a, const float* b, float* c, std::size_t m, std::size_t n, std::size_t k) {
  for (std::size_t i = 0; i < m; ++i) {
    float* ci = c + i * n;
    std::fill(ci, ci + n, 0.0f);
    for (std::size_t p = 0; p < k; ++p) {
      const float aip = a[i * k + p];
      const float* bp = b + p * n;
      for (std::size_t j = 0; j < n; ++j) ci[j] += aip * bp[j];
    }
  }
}

#elif TUNE_AXIS_IS(IMPL, blocked)

constexpr std::size_t vector_floats = TUNE_AXIS_IS(ISA, avx512) ? 16 : TUNE_AXIS_IS(ISA, avx2) ? 8 : 4;
constexpr std::size_t mr = TUNE_AXIS(MR);
constexpr std::size_t nr = 2 * vector_floats;
constexpr std::size_t kc = TUNE_AXIS(BLOCK);
constexpr std::size_t mc = (TUNE_AXIS(BLOCK) + mr - 1) / mr * mr;

struct aligned_delete {
  void operator()(float* p) const { ::operator delete(p, std::align_val_t(64)); }
};
using scratch = std::unique_ptr<float, aligned_delete>;

scratch allocate(std::size_t floats) {
  return scratch(static_cast<float*>(::operator new(floats * sizeof(float), std::align_val_t(64))));
}

// b[p0.., 0..n) as column panels of nr: panel j holds rows p0..p0+depth, nr floats each, zero-padded.
void pack_b(const float* b, std::size_t n, std::size_t p0, std::size_t depth, float* out) {
  for (std::size_t j0 = 0; j0 < n; j0 += nr) {
    const std::size_t cols = std::min(nr, n - j0);
    for (std::size_t p = 0; p < depth; ++p, out += nr) {
      const float* row = b + (p0 + p) * n + j0;
      for (std::size_t j = 0; j < nr; ++j) out[j] = j < cols ? row[j] : 0.0f;
    }
  }
}

// a[i0..i0+height, p0..p0+depth) as row panels of mr: for each p, mr floats, zero-padded.
void pack_a(const float* a, std::size_t k, std::size_t i0, std::size_t height, std::size_t p0, std::size_t depth,
            float* out) {
  for (std::size_t r0 = 0; r0 < height; r0 += mr) {
    const std::size_t rows = std::min(mr, height - r0);
    for (std::size_t p = 0; p < depth; ++p, out += mr)
      for (std::size_t i = 0; i < mr; ++i) out[i] = i < rows ? a[(i0 + r0 + i) * k + p0 + p] : 0.0f;
  }
}

// The register tile: mr × nr sums over one k-block, then written (first block) or added to c.
// Written with GCC/Clang vector types rather than a plain j-loop: GCC 12 vectorizes the plain
// loop nest at AVX2 across p, with transposes and spills (8 GFLOP/s where this form gets 150).
// Each lane still sums its own products in p order, exactly as a scalar loop would.
using vec = float __attribute__((vector_size(vector_floats * sizeof(float))));

void tile(std::size_t depth, const float* ap, const float* bp, float* c, std::size_t ldc, std::size_t rows,
          std::size_t cols, bool first_block) {
  vec acc[mr][2] = {};
  for (std::size_t p = 0; p < depth; ++p, ap += mr, bp += nr) {
    vec b0;
    vec b1;
    std::memcpy(&b0, bp, sizeof b0);
    std::memcpy(&b1, bp + vector_floats, sizeof b1);
    for (std::size_t i = 0; i < mr; ++i) {
      acc[i][0] += ap[i] * b0;
      acc[i][1] += ap[i] * b1;
    }
  }
  for (std::size_t i = 0; i < rows; ++i) {
    float* ci = c + i * ldc;
    float sums[nr];
    std::memcpy(sums, acc[i], sizeof sums);
    if (first_block)
      for (std::size_t j = 0; j < cols; ++j) ci[j] = sums[j];
    else
      for (std::size_t j = 0; j < cols; ++j) ci[j] += sums[j];
  }
}

void multiply(const float* a, const float* b, float* c, std::size_t m, std::size_t n, std::size_t k) {
  if (k == 0) {
    std::fill(c, c + m * n, 0.0f);
    return;
  }
  const std::size_t n_padded = (n + nr - 1) / nr * nr;
  scratch b_packed = allocate(kc * n_padded);
  scratch a_packed = allocate(mc * kc);
  for (std::size_t p0 = 0; p0 < k; p0 += kc) {
    const std::size_t depth = std::min(kc, k - p0);
    pack_b(b, n, p0, depth, b_packed.get());
    for (std::size_t i0 = 0; i0 < m; i0 += mc) {
      const std::size_t height = std::min(mc, m - i0);
      pack_a(a, k, i0, height, p0, depth, a_packed.get());
      for (std::size_t j0 = 0; j0 < n; j0 += nr)
        for (std::size_t r0 = 0; r0 < height; r0 += mr)
          tile(depth, a_packed.get() + r0 * depth, b_packed.get() + j0 * depth, c + (i0 + r0) * n + j0, n,
               std::min(mr, height - r0), std::min(nr, n - j0), p0 == 0);
    }
  }
}

#elif TUNE_AXIS_IS(IMPL, blas)

void multiply(const float* a, const float* b, float* c, std::size_t m, std::size_t n, std::size_t k) {
  // BLAS requires leading dimensions of at least 1, even for an empty operand.
  const auto lda = static_cast<blasint>(std::max<std::size_t>(k, 1));
  const auto ldb = static_cast<blasint>(std::max<std::size_t>(n, 1));
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<blasint>(m), static_cast<blasint>(n),
              static_cast<blasint>(k), 1.0f, a, lda, b, ldb, 0.0f, c, ldb);
}

#else
#error "gemm.cpp: the IMPL axis must be naive, blocked or blas"
#endif

}  // namespace

void TUNE_ENTRY(const float* a, const float* b, float* c, std::size_t m, std::size_t n, std::size_t k) {
  multiply(a, b, c, m, n, k);
}
