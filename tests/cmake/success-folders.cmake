# An IDE lists cmake-tune's targets in folders: the rows under cmake-tune/rows/<family>, the scope's
# internal targets under cmake-tune/<scope>, the targets users build under cmake-tune. Checked after
# the module's own deferred finalize, which runs first (it was scheduled first).
tune_scope(demo)
tune_kernel_family(dot
  SCOPE demo
  SIGNATURE "float(const float* a, const float* b, std::size_t n)"
  SOURCES kernel.cpp
  FIXTURE fixture.cpp
  AXES UNROLL 1 4
  FALLBACK "unroll4")

function(check_folders)
  foreach(_pair tune_obj_dot__unroll1=cmake-tune/rows/dot tune_rows_dot=cmake-tune/rows tune_bench_demo=cmake-tune/demo
      tune_stamp_demo=cmake-tune/demo tune_fixture_dot=cmake-tune/demo tune_fixture_identity_dot=cmake-tune/demo
      tune=cmake-tune tune-demo=cmake-tune tune-status=cmake-tune tune-test=cmake-tune)
    string(REPLACE "=" ";" _pair "${_pair}")
    list(GET _pair 0 _target)
    list(GET _pair 1 _want)
    get_target_property(_folder ${_target} FOLDER)
    if(NOT _folder STREQUAL _want)
      message(FATAL_ERROR "target ${_target} is in FOLDER '${_folder}', expected '${_want}'")
    endif()
  endforeach()
endfunction()
cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL check_folders)
