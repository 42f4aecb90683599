# A misspelt tune_scope keyword is refused, not ignored.
tune_scope(demo VERSON 2)
