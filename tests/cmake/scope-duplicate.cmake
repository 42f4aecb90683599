# A scope is declared once.
tune_scope(demo)
tune_scope(demo VERSION 2)
