# This case loads cmake-tune itself, from a subdirectory.
set(TUNE_CASE_NO_MODULE ON)
