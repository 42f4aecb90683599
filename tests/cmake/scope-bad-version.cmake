# VERSION is a non-negative integer.
tune_scope(demo VERSION two)
