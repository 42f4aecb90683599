enable_language(C)
