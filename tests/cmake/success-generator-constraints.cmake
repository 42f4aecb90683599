# A generator's proposals meet the family's CONSTRAINTS like declared rows: the ones that break one
# are refused, and the meta file names the constraint.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 2 4
  CONSTRAINTS "UNROLL <= 4"
  FALLBACK "unroll4"
  GENERATOR sh generators/answer.sh [=[{"format": "tune-generate-proposals/1", "proposals": [
    {"axes": {"UNROLL": "8"}, "basis": "wider"}, {"axes": {"UNROLL": "3"}, "basis": "narrower"}]}]=])
