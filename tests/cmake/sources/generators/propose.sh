#!/bin/sh
# Prints the proposal given as $1 (one JSON object) as the generator's only proposal.
cat > /dev/null
printf '{"format": "tune-generate-proposals/1", "proposals": [%s]}\n' "$1"
