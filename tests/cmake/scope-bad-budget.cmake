# BUDGET is a number of seconds, without a unit.
tune_scope(demo BUDGET 10s)
