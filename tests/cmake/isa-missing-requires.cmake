# An ISA says what a box needs to run it.
tune_isa(mine FLAGS -mavx2)
