tune_knob(app NAME tile ENV APP_TILE VALUES "16,32")
