# An invalid TUNE_POLICY cache value fails the configure step while cmake-tune loads (see the
# prelude); nothing of this file runs.
tune_scope(demo)
