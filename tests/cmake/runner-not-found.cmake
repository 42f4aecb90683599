# TUNE_TARGET_RUNNER's program must exist: a file by absolute path, or a program on PATH.
tune_scope(demo)
