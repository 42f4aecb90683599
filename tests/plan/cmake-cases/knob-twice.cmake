tune_knob(app NAME tile ENV APP_TILE VALUES 1 2)
tune_knob(app NAME tile ENV APP_TILE VALUES 3)
