# A misspelt tune_isa keyword is refused, not ignored.
tune_isa(mine FLAG -mavx2 REQUIRES avx2)
