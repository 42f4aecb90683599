tune_execution_plan(app ARGS --steps 4 MEMORY 2G)
