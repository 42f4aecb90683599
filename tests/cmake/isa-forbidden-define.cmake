# An ISA may not bring definitions outside the axes.
tune_isa(approx FLAGS -mavx2 -DAPPROX_EXP=1 REQUIRES avx2)
