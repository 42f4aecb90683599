# SHAPES of a kernel family (docs/cmake-api.md "Shapes"): each shape a name and a C++ condition over
# the SIGNATURE's parameters, tested in order by the stamp's dispatcher; the last may have none.
# Every shape is its own seat <family>@<shape> in the tool (tuner/manifest/manifest.h expands them),
# and the fixture runs once per shape with fx.shape() naming it (tune/Bench.cmake).

# _tune_parse_shapes(<fn> <signature> <out> <shapes>): checks the SHAPES list and sets `out` to the
# names in order and out_CONDITION_<name> to each one's condition (empty for a last one without).
# `shapes` is the keyword's list as given: "<name>: <condition>" or, last only, "<name>".
function(_tune_parse_shapes fn signature out shapes)
  list(LENGTH shapes _count)
  if(_count LESS 2)
    message(FATAL_ERROR "${fn}: SHAPES names ${_count} shape ('${shapes}'); a family with one shape has one seat, "
      "which is the family itself: give at least two shapes, e.g. SHAPES \"small: n <= 1024\" \"large\", "
      "or leave SHAPES out.")
  endif()
  # A misspelt keyword after SHAPES lands in its list, where it would read as a shape without a condition.
  foreach(_shape IN LISTS shapes)
    if(_shape MATCHES "^[A-Z][A-Z_]+$")
      message(FATAL_ERROR "${fn}: SHAPES names '${_shape}', which looks like a misspelt keyword; the keywords are "
        "SCOPE, SIGNATURE, SOURCES, FIXTURE, AXES, PERMUTATIONS, EXCLUDE, REFERENCE, REFERENCE_SOURCES, FALLBACK, "
        "TOLERANCE, COMPANIONS, SHAPES, TIMEOUT, INCLUDES, LINK, GENERATOR, GENERATOR_TIMEOUT.")
    endif()
  endforeach()
  _tune_parse_signature("${fn}" "${signature}" _ret _params)
  set(_names "")
  set(_i 0)
  foreach(_shape IN LISTS shapes)
    math(EXPR _i "${_i} + 1")
    set(_condition "")
    if(_shape MATCHES "^[ ]*([^:]*[^: ])[ ]*:(.*)$")
      set(_name "${CMAKE_MATCH_1}")
      string(STRIP "${CMAKE_MATCH_2}" _condition)
      if(_condition STREQUAL "")
        message(FATAL_ERROR "${fn}: SHAPES entry ${_i} ('${_shape}') has a ':' but no condition after it; write "
          "\"${_name}: <condition over the parameters>\", or \"${_name}\" alone for the last shape.")
      endif()
    else()
      string(STRIP "${_shape}" _name)
    endif()
    if(NOT _name MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
      message(FATAL_ERROR "${fn}: SHAPES entry ${_i} ('${_shape}'): shape name '${_name}' is not a C identifier; "
        "write \"<name>: <condition>\" with a name of letters, digits and '_', e.g. \"small: n <= 1024\".")
    endif()
    if(_name IN_LIST _names)
      message(FATAL_ERROR "${fn}: SHAPES names shape '${_name}' twice; each shape is a seat of its own and needs "
        "its own name.")
    endif()
    if(_condition STREQUAL "" AND _i LESS _count)
      message(FATAL_ERROR "${fn}: SHAPES entry ${_i} ('${_shape}') has no condition, and only the last shape may go "
        "without one (it takes every call no condition before it matches); write \"${_name}: <condition>\" or "
        "move it last.")
    endif()
    if(NOT _condition STREQUAL "")
      _tune_check_shape_condition("${fn}" "${_name}" "${_condition}" "${_params}")
    endif()
    list(APPEND _names "${_name}")
    set(_condition_${_name} "${_condition}")
  endforeach()
  set(${out} "${_names}" PARENT_SCOPE)
  foreach(_name IN LISTS _names)
    set(${out}_CONDITION_${_name} "${_condition_${_name}}" PARENT_SCOPE)
  endforeach()
endfunction()

# A condition goes into the stamp header as `if (<condition>)`: one expression that reads at least one
# parameter, with nothing that could end the expression, open a block or a comment, or hide a line.
function(_tune_check_shape_condition fn name condition params)
  if(condition MATCHES "[{}#\\\\\n\r]|//|/[*]")
    message(FATAL_ERROR "${fn}: SHAPES condition of shape '${name}' ('${condition}') holds a brace, '#', a "
      "backslash, a line break or a comment; a condition is one C++ expression over the parameters, "
      "e.g. \"n <= 1024\".")
  endif()
  string(REGEX REPLACE "[^()]" "" _parens "${condition}")
  set(_depth 0)
  string(LENGTH "${_parens}" _n)
  if(_n GREATER 0)
    math(EXPR _last "${_n} - 1")
    foreach(_k RANGE 0 ${_last})
      string(SUBSTRING "${_parens}" ${_k} 1 _c)
      if(_c STREQUAL "(")
        math(EXPR _depth "${_depth} + 1")
      else()
        math(EXPR _depth "${_depth} - 1")
      endif()
      if(_depth LESS 0)
        break()
      endif()
    endforeach()
  endif()
  if(NOT _depth EQUAL 0)
    message(FATAL_ERROR "${fn}: SHAPES condition of shape '${name}' ('${condition}') has unbalanced parentheses.")
  endif()
  # A parameter's name is the identifier right before its ',' (or the list's end), past any array
  # bounds: this holds for template parameter types too, whose commas sit inside <...>.
  string(REGEX MATCHALL "[A-Za-z_][A-Za-z0-9_]*" _words "${condition}")
  foreach(_word IN LISTS _words)
    if(params MATCHES "(^|[^A-Za-z0-9_])${_word}[ ]*(\\[[^]]*\\][ ]*)*(,|$)")
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "${fn}: SHAPES condition of shape '${name}' ('${condition}') names none of the SIGNATURE's "
    "parameters (${params}); a shape's condition decides by the call's arguments, e.g. \"n <= 1024\".")
endfunction()
