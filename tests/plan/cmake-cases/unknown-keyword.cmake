tune_execution_plan(app BUDGT 10 ARGS --steps 4)
