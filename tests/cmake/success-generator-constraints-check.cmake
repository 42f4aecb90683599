# UNROLL 8 breaks the constraint and is refused with it named; UNROLL 3 satisfies it and joins.
case_manifest(manifest demo)
case_expect_family("${manifest}" dot SUFFIXES unroll1 unroll2 unroll4 unroll3)
file(READ "${CASE_BUILD_DIR}/dot_generate_meta.json" _meta)
string(JSON _outcome GET "${_meta}" proposals 0 outcome)
string(JSON _reason GET "${_meta}" proposals 0 reason)
case_expect("the proposal UNROLL 8" "${_outcome}" "refused")
case_expect("why" "${_reason}" "the family's CONSTRAINTS \"UNROLL <= 4\" rule it out")
