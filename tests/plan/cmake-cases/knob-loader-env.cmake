tune_knob(app NAME preload ENV LD_PRELOAD VALUES /tmp/x.so)
