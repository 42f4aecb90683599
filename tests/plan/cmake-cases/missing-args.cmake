tune_execution_plan(app BUDGET 10)
