#!/bin/sh
# A generator that prints something other than JSON.
cat > /dev/null
echo 'Proposals: UNROLL=8 (trust me)'
