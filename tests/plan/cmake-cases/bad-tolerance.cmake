tune_execution_plan(app ARGS --steps 4 TOLERANCE relative=1e-9)
