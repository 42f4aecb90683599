#[=======================================================================[.rst:
FindFFTW3
---------

Finds FFTW 3 (double precision) and its threads library. Debian ships no CMake package
configuration for FFTW, so this module asks pkg-config first and falls back to searching for the
header and libraries.

Imported targets
^^^^^^^^^^^^^^^^

``FFTW3::fftw3``
  The double-precision library (``libfftw3``).
``FFTW3::fftw3_threads``
  The POSIX-threads planner (``libfftw3_threads``); links ``FFTW3::fftw3`` and ``Threads::Threads``.

Result variables
^^^^^^^^^^^^^^^^

``FFTW3_FOUND``, ``FFTW3_VERSION``, ``FFTW3_INCLUDE_DIR``, ``FFTW3_LIBRARY``,
``FFTW3_THREADS_LIBRARY``, and ``FFTW3_threads_FOUND`` for the ``threads`` component.

Hints
^^^^^

``FFTW3_ROOT``
  A prefix to search first (``include/fftw3.h``, ``lib/libfftw3.so``).
#]=======================================================================]

find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_check_modules(PC_FFTW3 QUIET fftw3)
endif()

find_path(FFTW3_INCLUDE_DIR fftw3.h HINTS ${PC_FFTW3_INCLUDE_DIRS})
find_library(FFTW3_LIBRARY NAMES fftw3 HINTS ${PC_FFTW3_LIBRARY_DIRS})
find_library(FFTW3_THREADS_LIBRARY NAMES fftw3_threads HINTS ${PC_FFTW3_LIBRARY_DIRS})
if(PC_FFTW3_VERSION)
  set(FFTW3_VERSION "${PC_FFTW3_VERSION}")
endif()
if(FFTW3_THREADS_LIBRARY)
  set(FFTW3_threads_FOUND TRUE)
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(FFTW3
  REQUIRED_VARS FFTW3_LIBRARY FFTW3_INCLUDE_DIR
  VERSION_VAR FFTW3_VERSION
  HANDLE_COMPONENTS)

if(FFTW3_FOUND AND NOT TARGET FFTW3::fftw3)
  add_library(FFTW3::fftw3 UNKNOWN IMPORTED)
  set_target_properties(FFTW3::fftw3 PROPERTIES
    IMPORTED_LOCATION "${FFTW3_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${FFTW3_INCLUDE_DIR}")
endif()
if(FFTW3_FOUND AND FFTW3_THREADS_LIBRARY AND NOT TARGET FFTW3::fftw3_threads)
  find_package(Threads REQUIRED)
  add_library(FFTW3::fftw3_threads UNKNOWN IMPORTED)
  set_target_properties(FFTW3::fftw3_threads PROPERTIES
    IMPORTED_LOCATION "${FFTW3_THREADS_LIBRARY}"
    INTERFACE_LINK_LIBRARIES "FFTW3::fftw3;Threads::Threads")
endif()

mark_as_advanced(FFTW3_INCLUDE_DIR FFTW3_LIBRARY FFTW3_THREADS_LIBRARY)
