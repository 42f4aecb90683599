# Stand-ins every TunePlan.cmake case uses (tests/cmake/RunCMakeCase.cmake includes this after the
# module): an executable to plan and a target that is not an executable. The tune tool is the
# runner's own stand-in.
add_executable(app IMPORTED)
set_target_properties(app PROPERTIES IMPORTED_LOCATION /bin/true)
add_library(lib INTERFACE)
