file(READ "${CASE_BUILD_DIR}/CTestTestfile.cmake" _tests)
foreach(_want
    "add_test([=[tune.demo.dot]=] \"[^\"]*/bench\" \"test\" \"--family\" \"dot\")"
    "add_test([=[tune.demo.dot_shaped]=] \"[^\"]*/bench\" \"test\" \"--family\" \"dot_shaped@small\" \"--family\" \"dot_shaped@large\")"
    "set_tests_properties([=[tune.demo.dot]=] PROPERTIES  LABELS \"tune;demo\"")
  string(REGEX REPLACE "([][()+.*?|^$])" "\\\\\\1" _regex "${_want}")
  string(REPLACE "\\[\\^\"\\]\\*" "[^\"]*" _regex "${_regex}")
  if(NOT _tests MATCHES "${_regex}")
    string(APPEND CASE_FAILED "CTestTestfile.cmake lacks: ${_want}\n${_tests}\n")
  endif()
endforeach()
if(_tests MATCHES "tune\\.demo\\]=\\]")
  string(APPEND CASE_FAILED "CTestTestfile.cmake still has the per-scope test tune.demo.\n")
endif()
