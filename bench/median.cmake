# For the benchmark scripts (bench/*/*.cmake). _median(<out> <whole number>...): the middle value
# (the upper one of an even count).
function(_median out)
  set(_values ${ARGN})
  list(SORT _values COMPARE NATURAL)
  list(LENGTH _values _n)
  math(EXPR _mid "${_n} / 2")
  list(GET _values ${_mid} _m)
  set(${out} "${_m}" PARENT_SCOPE)
endfunction()

# _ratio(<out> <numerator> <denominator>): whole numbers' ratio with three decimals ("0.286").
function(_ratio out numerator denominator)
  math(EXPR _x1000 "${numerator} * 1000 / ${denominator}")
  math(EXPR _whole "${_x1000} / 1000")
  math(EXPR _frac "${_x1000} % 1000")
  string(LENGTH "${_frac}" _len)
  while(_len LESS 3)
    set(_frac "0${_frac}")
    string(LENGTH "${_frac}" _len)
  endwhile()
  set(${out} "${_whole}.${_frac}" PARENT_SCOPE)
endfunction()

# _bench_arguments(<name> <work folder>): the arguments every bench/incremental script takes, in
# its scope: PREFIX (an installed cmake-tune, required), RUNS (default 5), WORK (default given).
macro(_bench_arguments name work)
  if(NOT PREFIX OR NOT EXISTS "${PREFIX}/bin/tune")
    message(FATAL_ERROR "${name}: PREFIX='${PREFIX}' holds no installed cmake-tune (bin/tune); "
      "pass -DPREFIX=<prefix> of `cmake --install`.")
  endif()
  if(NOT RUNS)
    set(RUNS 5)
  endif()
  if(NOT WORK)
    set(WORK "${work}")
  endif()
endmacro()
