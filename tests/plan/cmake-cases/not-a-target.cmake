tune_execution_plan(nope ARGS --steps 4)
