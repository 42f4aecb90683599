tune_execution_plan(app ARGS --steps 4)
tune_execution_plan(app ARGS --steps 8)
