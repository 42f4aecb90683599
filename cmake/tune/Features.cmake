# Feature names a `requires=` expression may use (profiles-and-policy.md). The tool's list in
# tuner/box/features.cpp must match; tests/unit/box checks that it does.
set(_TUNE_KNOWN_FEATURES
  sse4.2 avx avx2 fma bmi2 f16c avx512f avx512bw avx512cd avx512dq avx512vl avx512vnni
  avx512bf16 avx512vbmi avxvnni amx-tile amx-int8
  neon dotprod i8mm bf16 sve sve2
  CACHE INTERNAL "feature names a requires= expression may use")

# _tune_check_requires(<function> <what> <expr>): FATAL_ERROR when <expr> is malformed or names
# an unknown feature. <what> says where the expression came from (for the message).
function(_tune_check_requires fn what expr)
  if(expr STREQUAL "")
    return()
  endif()
  string(REPLACE "," ";" _groups "${expr}")
  foreach(_group IN LISTS _groups)
    string(REPLACE "|" ";" _alts "${_group}")
    if(_group STREQUAL "")
      message(FATAL_ERROR "${fn}: ${what} has an empty term in requires=\"${expr}\"; write features "
        "separated by ',' (all of) and '|' (any of), e.g. requires=avx2,fma|avx512f.")
    endif()
    foreach(_feature IN LISTS _alts)
      string(STRIP "${_feature}" _feature)
      if(NOT _feature IN_LIST _TUNE_KNOWN_FEATURES)
        string(REPLACE ";" " " _known "${_TUNE_KNOWN_FEATURES}")
        message(FATAL_ERROR "${fn}: ${what} requires unknown feature '${_feature}' (in \"${expr}\"). "
          "Known features: ${_known}. A misspelt feature would read as absent on every box.")
      endif()
    endforeach()
  endforeach()
endfunction()
