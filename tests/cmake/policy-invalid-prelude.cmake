# As if given with -DTUNE_POLICY=bogus: a cache value set before cmake-tune is loaded.
set(TUNE_POLICY bogus CACHE STRING "What a build does when winners are missing or stale")
