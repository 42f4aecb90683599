tune_execution_plan(lib ARGS --steps 4)
