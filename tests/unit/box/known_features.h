#pragma once
// The known-feature list as error messages print it: part of the interface, spelled out.
inline constexpr const char* known_features_text =
    "sse4.2 avx avx2 fma bmi2 f16c avx512f avx512bw avx512cd avx512dq avx512vl avx512vnni avx512bf16 "
    "avx512vbmi avxvnni amx-tile amx-int8 neon dotprod i8mm bf16 sve sve2";
