#!/bin/sh
# A stand-in for a project's compiler launcher (CMAKE_CXX_COMPILER_LAUNCHER), which
# cmake/tune/compile-row.cmake runs the row's compile through: `launcher.sh <compiler> <args>...`.
# When mode.txt is in the folder the compile runs in, the next compile (an argument -c) fails the
# way the file names and the file is removed, so the compile after it runs as given. Any other run
# (the launcher's `-M -MG` depfile run) is passed through.
#
#   error     a compile error whose lines hold ';' (GCC 12's fix-it line ends with one)
#   signal    the compile is killed by SIGKILL, as the out-of-memory killer kills it, after it
#             began to write the object
#   gcc-kill  GCC's driver reports its cc1plus killed (GCC 12's words)
#   no-space  the disk is full
#   no-memory GCC's compiler proper runs out of memory
#   silent    exit 255 without a word, as ccache does when the compiler it ran was killed
case " $* " in
  *" -c "*) ;;
  *) exec "$@" ;;
esac
[ -f mode.txt ] || exec "$@"
mode=$(cat mode.txt)
rm -f mode.txt
case "$mode" in
  error)
    printf '%s\n' "row.cpp:1:24: error: expected ';' before '}' token" \
      "    1 | int dot__bad() { return 1 }" \
      "      |                        ^~" \
      "      |                        ;" >&2
    exit 1 ;;
  signal)
    # Killed while writing its object: what it wrote must not pass for the row's object.
    out=""
    prev=""
    for a in "$@"; do
      [ "$prev" = "-o" ] && out="$a"
      prev="$a"
    done
    printf 'partial' > "$out"
    kill -KILL $$ ;;
  gcc-kill)
    printf '%s\n' "g++: fatal error: Killed signal terminated program cc1plus" "compilation terminated." >&2
    exit 1 ;;
  no-space)
    printf '%s\n' "row.cpp:1: fatal error: error writing to /tmp/ccq0tX1a.s: No space left on device" \
      "compilation terminated." >&2
    exit 1 ;;
  no-memory)
    printf '%s\n' "cc1plus: out of memory allocating 1073745919 bytes after a total of 11264000 bytes" >&2
    exit 1 ;;
  silent)
    exit 255 ;;
esac
echo "launcher.sh: unknown mode '$mode' in mode.txt" >&2
exit 2
