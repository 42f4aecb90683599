# For the benchmark scripts (bench/*/*.cmake): _median(<out> <whole number>...), the middle value
# (the upper one of an even count).
function(_median out)
  set(_values ${ARGN})
  list(SORT _values COMPARE NATURAL)
  list(LENGTH _values _n)
  math(EXPR _mid "${_n} / 2")
  list(GET _values ${_mid} _m)
  set(${out} "${_m}" PARENT_SCOPE)
endfunction()
