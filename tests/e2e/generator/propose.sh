#!/bin/sh
# The generator: logs whether its request carried a race table, and with which rows, then
# proposes one pass (new), two passes (a declared row), four passes with a flag of its own, and a
# value the kernel does not compile with.
request=$(cat)
case "$request" in
  *'"winner"'*)
    case "$request" in
      *passes1*) echo "race=table with passes1" >> generator.log ;;
      *) echo "race=table without passes1" >> generator.log ;;
    esac ;;
  *) echo "race=none" >> generator.log ;;
esac
cat <<'JSON'
{"format": "tune-generate-proposals/1", "proposals": [
  {"axes": {"PASSES": "1"}, "basis": "one pass does half the work of two"},
  {"axes": {"PASSES": "2"}, "basis": "two passes, declared already"},
  {"axes": {"PASSES": "4"}, "flags": ["-fno-omit-frame-pointer"], "suffix": "passes4_fp", "basis": "a frame pointer"},
  {"axes": {"PASSES": "many"}, "basis": "a value the kernel cannot take"}
]}
JSON
