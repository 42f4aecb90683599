# A searched space of more points than the tool holds while it searches is refused at configure.
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES A 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 B 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
       C 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 D 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
       E 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 F 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20
  FALLBACK "a1_b1_c1_d1_e1_f1")
