#!/bin/sh
# A generator that dies of a signal after printing half an answer.
cat > /dev/null
echo '{"format": "tune-generate-proposals/1", "propos'
echo "generator: out of ideas" >&2
kill -SEGV $$
