tune_knob(app NAME tile ENV APP_TILE VALUES 16 32)
tune_knob(app NAME unroll ENV APP_UNROLL VALUES 2 4)
