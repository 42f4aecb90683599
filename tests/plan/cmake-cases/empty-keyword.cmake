tune_execution_plan(app ARGS --steps 4 BUDGET)
