tune_knob(app NAME tile VARIABLE APP_TILE VALUES 1)
