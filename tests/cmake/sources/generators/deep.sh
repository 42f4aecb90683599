#!/bin/sh
# Balanced nesting deep enough to abort CMake's own JSON parser, were it given to it.
cat > /dev/null
i=0; while [ $i -lt 5000 ]; do printf '['; i=$((i+1)); done
i=0; while [ $i -lt 5000 ]; do printf ']'; i=$((i+1)); done; echo
