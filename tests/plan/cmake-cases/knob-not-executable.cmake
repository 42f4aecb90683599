tune_knob(lib NAME tile ENV APP_TILE VALUES 1 2)
