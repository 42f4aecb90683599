#!/bin/sh
# The consumer's generator: proposes one more unroll, whatever the request says.
cat > /dev/null
printf '%s\n' '{"format": "tune-generate-proposals/1", "proposals": [{"axes": {"UNROLL": "8"}, "basis": "a wider unroll"}]}'
