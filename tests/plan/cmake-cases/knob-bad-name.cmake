tune_knob(app NAME 2tile ENV APP_TILE VALUES 1 2)
tune_execution_plan(app ARGS --steps 4)
