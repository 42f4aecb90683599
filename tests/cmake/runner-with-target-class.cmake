# TUNE_TARGET_RUNNER races on the runner's machine; TUNE_TARGET_CLASS measures nothing: one of them.
tune_scope(demo)
