# Install-time script of tune_install_sidecar (Tune.cmake): copies this configuration's sidecar
# beside the installed program as <program>.tune.json, touched after the copy, but only when it
# describes what that program runs: every family the configuration stamped must be stamped from
# the sidecar, on the sidecar's row. A sidecar that says otherwise (its winners not stamped: it
# was stale, or profiles and fallbacks stamped) is not installed, with a warning naming the
# families, so an installed program never claims winners it does not run.
#   set(_tune_target ...) set(_tune_src <sidecar>) set(_tune_records <stamp.json>...)
#   set(_tune_dst <installed file>) include(install-sidecar.cmake)

if(NOT EXISTS "${_tune_src}")
  message(WARNING "tune_install_sidecar(${_tune_target}): no sidecar at ${_tune_src}; nothing was measured in "
    "this build, so the installed program reports untuned kernels. Build the `tune` target first.")
  return()
endif()
file(READ "${_tune_src}" _tune_sidecar)
set(_tune_differ "")
foreach(_tune_record IN LISTS _tune_records)
  file(READ "${_tune_record}" _tune_text)
  string(JSON _tune_n ERROR_VARIABLE _tune_error LENGTH "${_tune_text}" families)
  if(_tune_error OR _tune_n EQUAL 0)
    continue()
  endif()
  math(EXPR _tune_last "${_tune_n} - 1")
  foreach(_tune_i RANGE ${_tune_last})
    string(JSON _tune_family MEMBER "${_tune_text}" families ${_tune_i})
    string(JSON _tune_suffix GET "${_tune_text}" families "${_tune_family}" suffix)
    string(JSON _tune_source GET "${_tune_text}" families "${_tune_family}" source)
    string(JSON _tune_seat ERROR_VARIABLE _tune_unseated GET "${_tune_sidecar}" kernels "${_tune_family}")
    if(_tune_unseated)
      set(_tune_seat "no entry")
    endif()
    if(NOT _tune_source STREQUAL "sidecar" OR NOT _tune_seat STREQUAL _tune_suffix)
      list(APPEND _tune_differ "${_tune_family} runs ${_tune_suffix} (${_tune_source}), the sidecar says ${_tune_seat}")
    endif()
  endforeach()
endforeach()
if(_tune_differ)
  string(REPLACE ";" "; " _tune_differ "${_tune_differ}")
  message(WARNING "tune_install_sidecar(${_tune_target}): ${_tune_src} does not describe what this configuration's "
    "program runs (${_tune_differ}), so it is not installed. Build the `tune` target of this configuration, then "
    "install again.")
  return()
endif()
message(STATUS "Installing: ${_tune_dst}")
get_filename_component(_tune_dir "${_tune_dst}" DIRECTORY)
file(MAKE_DIRECTORY "${_tune_dir}")
file(COPY_FILE "${_tune_src}" "${_tune_dst}")
file(TOUCH "${_tune_dst}")
