tune_knob(app NAME tile ENV APP-TILE VALUES 1)
