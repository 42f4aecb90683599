tune_execution_plan(app ARGS --steps 4 MIN_GAIN 5)
