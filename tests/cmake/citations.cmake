# Every section citation in the tree resolves: a citation is a Markdown file's path followed by a
# quoted section title, as comments, messages and docs write them:
#
#   docs/sidecar.md "Writes never lose data"
#   docs/cmake-api.md, "Constraints"
#   [docs/design/race.md](docs/design/race.md), "The rules"
#   docs/cmake-api.md \"Generators\" (in a JSON string)
#
# A citation may run over two comment lines. Its path is taken relative to the citing file's folder
# (a doc linking its neighbour), else to the repository root; its title must be a heading (a line
# of 1 to 6 '#' outside fenced code) of that file, compared without case and backticks. Fails
# naming every citation that does not resolve.
#
#   cmake -DREPO=<source dir> -P citations.cmake
cmake_minimum_required(VERSION 3.20)
if(NOT REPO)
  message(FATAL_ERROR "citations.cmake: pass -DREPO=<the repository root>")
endif()

set(_dirs tuner cmake include docs examples tests bench scripts)
set(_globs "")
foreach(_dir IN LISTS _dirs)
  foreach(_ext md h hpp c cpp cmake txt json py sh)
    list(APPEND _globs "${REPO}/${_dir}/*.${_ext}")
  endforeach()
endforeach()
file(GLOB_RECURSE _files LIST_DIRECTORIES false ${_globs})
list(APPEND _files "${REPO}/README.md" "${REPO}/CONTRIBUTING.md")
# RunCMake expectations (<case>-stderr.txt) are regular expressions of messages whose citations
# are checked where the messages are written.
list(FILTER _files EXCLUDE REGEX "-stderr\\.txt$")
list(SORT _files)

# The headings of a Markdown file, lower-cased and without backticks, into <out>.
function(_headings out file)
  # Neutralized as the citing text is (below), then one list element per line.
  file(READ "${file}" _text)
  string(REPLACE ";" ":" _text "${_text}")
  string(REPLACE "[" "(" _text "${_text}")
  string(REPLACE "]" ")" _text "${_text}")
  string(REPLACE "\n" ";" _lines "${_text}")
  set(_titles "")
  set(_fenced FALSE)
  foreach(_line IN LISTS _lines)
    if(_line MATCHES "^ *(```|~~~)")
      if(_fenced)
        set(_fenced FALSE)
      else()
        set(_fenced TRUE)
      endif()
    elseif(NOT _fenced AND _line MATCHES "^#+ +(.*)$")
      string(REGEX REPLACE "[ #]+$" "" _title "${CMAKE_MATCH_1}")
      string(REPLACE "`" "" _title "${_title}")
      string(TOLOWER "${_title}" _title)
      list(APPEND _titles "${_title}")
    endif()
  endforeach()
  set(${out} "${_titles}" PARENT_SCOPE)
endfunction()

set(_count 0)
set(_broken "")
foreach(_file IN LISTS _files)
  file(READ "${_file}" _text)
  if(NOT _text MATCHES "\\.md")
    continue()
  endif()
  # A comment's continuation joins its line, and the characters CMake lists treat specially are
  # neutralized. A citation: <path>, then an optional link target or closing parenthesis, an
  # optional comma, a space, and the title in quotes (escaped in JSON).
  string(REGEX REPLACE "\n[ \t]*(//+|#+|\\*)?[ \t]*" " " _text "${_text}")
  string(REPLACE ";" ":" _text "${_text}")
  string(REPLACE "[" "(" _text "${_text}")
  string(REPLACE "]" ")" _text "${_text}")
  string(REGEX MATCHALL "([A-Za-z0-9_./-]+\\.md)(\\)|\\)\\([^)]*\\))?,? +\\\\?\"([^\"\\\\]+)\\\\?\"" _found "${_text}")
  file(RELATIVE_PATH _shown "${REPO}" "${_file}")
  get_filename_component(_here "${_file}" DIRECTORY)
  foreach(_c IN LISTS _found)
    string(REGEX MATCH "([A-Za-z0-9_./-]+\\.md)(\\)|\\)\\([^)]*\\))?,? +\\\\?\"([^\"\\\\]+)\\\\?\"" _ "${_c}")
    set(_path "${CMAKE_MATCH_1}")
    set(_title "${CMAKE_MATCH_3}")
    math(EXPR _count "${_count} + 1")
    if(EXISTS "${_here}/${_path}" AND NOT IS_DIRECTORY "${_here}/${_path}")
      set(_target "${_here}/${_path}")
    elseif(EXISTS "${REPO}/${_path}" AND NOT IS_DIRECTORY "${REPO}/${_path}")
      set(_target "${REPO}/${_path}")
    else()
      list(APPEND _broken "${_shown}: ${_path} \"${_title}\": no such file (from the repository root or ${_shown}'s folder)")
      continue()
    endif()
    get_filename_component(_target "${_target}" ABSOLUTE)
    string(MD5 _key "${_target}")
    if(NOT DEFINED _headings_${_key})
      _headings(_headings_${_key} "${_target}")
    endif()
    string(REPLACE "`" "" _wanted "${_title}")
    string(TOLOWER "${_wanted}" _wanted)
    if(NOT _wanted IN_LIST _headings_${_key})
      file(RELATIVE_PATH _target_shown "${REPO}" "${_target}")
      list(APPEND _broken "${_shown}: ${_path} \"${_title}\": ${_target_shown} has no such heading")
    endif()
  endforeach()
endforeach()

list(LENGTH _files _n_files)
list(LENGTH _broken _n_broken)
if(_n_broken GREATER 0)
  list(JOIN _broken "\n  " _list)
  message(FATAL_ERROR "${_n_broken} of ${_count} section citations in ${_n_files} files do not resolve:\n  ${_list}\n"
    "Cite an existing file and a heading of it, exactly as written there.")
endif()
message(STATUS "${_count} section citations in ${_n_files} files resolve.")
