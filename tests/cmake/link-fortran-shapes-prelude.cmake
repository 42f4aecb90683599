enable_language(Fortran)
