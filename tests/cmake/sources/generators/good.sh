#!/bin/sh
# A generator as a user writes one: keeps the request it was given, proposes a new value, a row
# that is already declared, declared points with flags of their own, a suffix another row has, an
# excluded point and a reserved suffix.
cat > last-request.json
cat <<'JSON'
{"format": "tune-generate-proposals/1", "proposals": [
  {"axes": {"UNROLL": "8"}, "basis": "unroll 8 was never tried"},
  {"axes": {"UNROLL": 2}, "basis": "the same point as a declared row"},
  {"axes": {"UNROLL": "4"}, "flags": ["-fno-tree-vectorize"], "suffix": "u4_novec", "basis": "unroll 4 without the vectorizer"},
  {"axes": {"UNROLL": "1"}, "flags": ["-funroll-loops"], "basis": "let the compiler unroll"},
  {"axes": {"UNROLL": "32"}, "suffix": "unroll4", "basis": "a name another row has"},
  {"axes": {"UNROLL": "16"}, "basis": "a point the project excludes"},
  {"axes": {"UNROLL": "64"}, "suffix": "reference", "basis": "the reference's name"}
]}
JSON
