# A no-op rebuild of a minted Ninja tree (the e2e.ninja.mint fixture's): "no work to do", no
# tuner, and not one file of the tree rewritten.
#   -DTREE=<the minted build tree>
include("${CMAKE_CURRENT_LIST_DIR}/../E2eLib.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../E2eProject.cmake")

e2e_fresh_dir()
e2e_expect_exists("${TREE}/e2e.tune.json")
e2e_expect_noop_rebuild("${TREE}" "no work to do")
e2e_finish()
