# A built-in ISA cannot be redefined.
tune_isa(base FLAGS -O3 REQUIRES "")
