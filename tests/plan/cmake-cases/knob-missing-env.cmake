tune_knob(app NAME tile VALUES 1 2)
