tune_knob(app NAME tile ENV APP_TILE VALUES 16 32)
tune_execution_plan(app ARGS --steps 4)
