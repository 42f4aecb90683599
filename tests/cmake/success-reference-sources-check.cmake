# REFERENCE_SOURCES adds the row `reference`, which is the reference; its sources are listed.
case_manifest(manifest demo)
case_expect_family("${manifest}" dot
  SUFFIXES unroll2 unroll4 reference
  AXES UNROLL=2 UNROLL=4 ""
  REFERENCE reference
  FALLBACK unroll4 reference)
case_family(family "${manifest}" dot)
if(family)
  get_filename_component(reference_source "${CASE_BUILD_DIR}/../src/reference.cpp" ABSOLUTE)
  string(FIND "${family}" "\"${reference_source}\"" at)
  if(at EQUAL -1)
    string(APPEND CASE_FAILED "The family's sources do not list ${reference_source}.\n")
  endif()
endif()
