# An ISA may change how code is lowered, never what it computes.
tune_isa(fastavx2 FLAGS -mavx2 -ffast-math REQUIRES avx2)
