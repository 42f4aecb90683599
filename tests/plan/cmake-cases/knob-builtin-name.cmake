tune_knob(app NAME omp_threads ENV OMP_NUM_THREADS VALUES 1 2)
