#!/bin/sh
# A generator that never answers.
exec sleep 600
