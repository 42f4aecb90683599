# The built-in ISA axis: each value names a compile-flag set and the features it needs
# (cmake-api.md). Projects add their own with tune_isa().

# Flags a row may never bring: they change what is computed, not how it is lowered.
set(_TUNE_FORBIDDEN_FLAGS_REGEX
  "^(-ffast-math|-Ofast|-funsafe-math-optimizations|-ffp-contract=fast|-O[0-9sgz]?|-fno-signed-zeros|-ffinite-math-only|-fassociative-math|-freciprocal-math|-D.*|-U.*)$"
  CACHE INTERNAL "flags a row may never bring")
# Flags that set the ISA globally and would silently void an ISA axis.
set(_TUNE_GLOBAL_ISA_FLAGS_REGEX "(^| )(-march=[^ ]+|-mavx[^ ]*|-msse[^ ]*|-mfma|-mbmi2?|-mf16c|-mcpu=[^ ]+|-mtune=native|-xHost)"
  CACHE INTERNAL "flags that set the ISA globally")

function(_tune_define_isa name flags requires)
  set_property(GLOBAL APPEND PROPERTY _TUNE_ISAS "${name}")
  set_property(GLOBAL PROPERTY _TUNE_ISA_${name}_FLAGS "${flags}")
  set_property(GLOBAL PROPERTY _TUNE_ISA_${name}_REQUIRES "${requires}")
endfunction()

# Getters of the ISA registry: the names in order, one name's flags, its requires= expression.
function(_tune_isa_names out)
  get_property(_names GLOBAL PROPERTY _TUNE_ISAS)
  set(${out} "${_names}" PARENT_SCOPE)
endfunction()

function(_tune_isa_flags out name)
  get_property(_flags GLOBAL PROPERTY _TUNE_ISA_${name}_FLAGS)
  set(${out} "${_flags}" PARENT_SCOPE)
endfunction()

function(_tune_isa_requires out name)
  get_property(_requires GLOBAL PROPERTY _TUNE_ISA_${name}_REQUIRES)
  set(${out} "${_requires}" PARENT_SCOPE)
endfunction()

# The target's values: CMAKE_SYSTEM_PROCESSOR is the target's in a cross build. The other arch's
# values are known too, so that naming one is refused as belonging to another target.
set(_TUNE_X86_ISAS base sse42 avx2 avx512)
set(_TUNE_AARCH64_ISAS base neon dotprod i8mm bf16 sve sve2)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  _tune_define_isa(base "" "")
  _tune_define_isa(sse42 "-msse4.2" "sse4.2")
  _tune_define_isa(avx2 "-march=x86-64-v3" "avx2,fma,bmi2,f16c")
  _tune_define_isa(avx512 "-march=x86-64-v4" "avx512f,avx512bw,avx512cd,avx512dq,avx512vl")
  set(_TUNE_FOREIGN_ISAS "${_TUNE_AARCH64_ISAS}")
  set(_TUNE_FOREIGN_ARCH aarch64)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  # armv8.2-a is the oldest base that takes each extension; a row gets only the one it names, so
  # it runs on every core of the classes that promise it (docs/profiles-and-policy.md).
  _tune_define_isa(base "" "")
  _tune_define_isa(neon "" "neon")
  _tune_define_isa(dotprod "-march=armv8.2-a+dotprod" "neon,dotprod")
  _tune_define_isa(i8mm "-march=armv8.2-a+dotprod+i8mm" "neon,dotprod,i8mm")
  _tune_define_isa(bf16 "-march=armv8.2-a+bf16" "neon,bf16")
  _tune_define_isa(sve "-march=armv8.2-a+sve" "neon,sve")
  _tune_define_isa(sve2 "-march=armv8.2-a+sve2" "neon,sve,sve2")
  set(_TUNE_FOREIGN_ISAS "${_TUNE_X86_ISAS}")
  set(_TUNE_FOREIGN_ARCH x86_64)
else()
  _tune_define_isa(base "" "")
  set(_TUNE_FOREIGN_ISAS ${_TUNE_X86_ISAS} ${_TUNE_AARCH64_ISAS})
  set(_TUNE_FOREIGN_ARCH "x86_64 or aarch64")
endif()

#[=======================================================================[.rst:
.. command:: tune_isa

  Adds a value to the built-in ``ISA`` axis::

    tune_isa(<name> FLAGS <flag>... REQUIRES <expr>)

  ``<name>``
    The axis value, a C identifier fragment, used in ``AXES ISA <name>`` and in suffixes.
  ``FLAGS``
    Compile options the rows with this value get. Flags that change what is computed
    (``-ffast-math``, ``-O*`` ...) are refused.
  ``REQUIRES``
    The ``requires=`` expression a box must satisfy to run such a row (may be empty: ``REQUIRES ""``).
#]=======================================================================]
function(tune_isa name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "FLAGS;REQUIRES")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tune_isa(${name}): unknown argument(s) '${arg_UNPARSED_ARGUMENTS}'; "
      "the keywords are FLAGS and REQUIRES.")
  endif()
  if(NOT name MATCHES "^[A-Za-z0-9_]+$")
    message(FATAL_ERROR "tune_isa: name '${name}' is not a C identifier fragment; use letters, digits and '_'.")
  endif()
  if(NOT DEFINED arg_REQUIRES AND NOT "REQUIRES" IN_LIST arg_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "tune_isa(${name}): missing REQUIRES; say what a box needs to run these rows "
      "(REQUIRES \"\" when it runs anywhere).")
  endif()
  _tune_isa_names(_isas)
  if(name IN_LIST _isas)
    message(FATAL_ERROR "tune_isa(${name}): ISA '${name}' is already defined; pick another name.")
  endif()
  foreach(_flag IN LISTS arg_FLAGS)
    if(_flag MATCHES "${_TUNE_FORBIDDEN_FLAGS_REGEX}")
      message(FATAL_ERROR "tune_isa(${name}): FLAGS contains '${_flag}', which changes what the rows compute, "
        "not how they are lowered; remove it (a family that admits it must say so with TOLERANCE).")
    endif()
  endforeach()
  string(REPLACE "\\;" ";" _requires "${arg_REQUIRES}")
  string(REPLACE ";" "," _requires "${_requires}")
  _tune_check_requires(tune_isa "ISA '${name}' REQUIRES" "${_requires}")
  _tune_define_isa("${name}" "${arg_FLAGS}" "${_requires}")
endfunction()
