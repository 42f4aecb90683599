#pragma once
// Readable names for the row the build compiles a kernel source as (docs/fixtures.md "Kernel sources").
// The build defines, per row:
//   TUNE_ENTRY            the row's unique symbol, <family>__<suffix>
//   TUNE_ROW_SUFFIX       the suffix alone (for companions)
//   TUNE_AXIS_<NAME>      the row's value of each axis (a number or an identifier)
//   TUNE_AXIS_<NAME>_IS_<value>  1 for the row's value, 0 for the axis's other values
//   TUNE_IS_REFERENCE     1 only in the reference row
// C++17-compatible.

#if !defined(TUNE_ENTRY) || !defined(TUNE_ROW_SUFFIX)
#error \
    "tune/kernel.h: this source is compiled outside a kernel family; declare it with tune_kernel_family(... SOURCES ...)"
#endif

#define TUNE_DETAIL_CAT_(a, b) a##b
#define TUNE_DETAIL_CAT(a, b) TUNE_DETAIL_CAT_(a, b)

// The row's symbol for companion function `fn`: fn__<suffix>.
#define TUNE_COMPANION(fn) TUNE_DETAIL_CAT(fn, TUNE_DETAIL_CAT(__, TUNE_ROW_SUFFIX))

// The row's value of axis NAME.
#define TUNE_AXIS(NAME) TUNE_AXIS_##NAME

// 1 when axis NAME has `value` in this row; usable in #if and in C++ expressions.
#define TUNE_AXIS_IS(NAME, value) TUNE_AXIS_##NAME##_IS_##value
