#!/bin/sh
# An answer with a NUL byte in a flag.
cat > /dev/null
printf '{"format": "tune-generate-proposals/1", "proposals": [{"axes": {"UNROLL": "8"}, "flags": ["-funroll-loops\000;-DX"], "basis": "b"}]}\n'
