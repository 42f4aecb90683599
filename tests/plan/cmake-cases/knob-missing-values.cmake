tune_knob(app NAME tile ENV APP_TILE)
