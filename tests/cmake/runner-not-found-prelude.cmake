set(TUNE_TARGET_RUNNER "/nonexistent/ssh-board;--" CACHE STRING "")
