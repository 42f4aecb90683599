! The RunCMake cases' Fortran program: calls family dot through the stamp's module.
program app
  use, intrinsic :: iso_c_binding, only: c_float, c_size_t
  use tune_kernels_dot, only: dot
  implicit none
  real(c_float) :: a(4) = 1, b(4) = 2
  print *, dot(a, b, 4_c_size_t)
end program app
