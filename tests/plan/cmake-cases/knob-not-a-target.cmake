tune_knob(nope NAME tile ENV APP_TILE VALUES 1 2)
