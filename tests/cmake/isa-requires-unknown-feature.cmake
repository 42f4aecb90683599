# A misspelt feature in REQUIRES would read as absent on every box.
tune_isa(mine FLAGS -mavx2 -mfma REQUIRES "avx2,fma3")
