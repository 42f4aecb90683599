tune_execution_plan(app ARGS --steps 4 KNOBS tile omp_threads fftw_planner:patient INPUTS data/input.bin)
tune_knob(app NAME tile ENV APP_TILE VALUES 16 32 64)
