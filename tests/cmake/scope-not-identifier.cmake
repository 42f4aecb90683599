# A scope name is a C identifier.
tune_scope(my-kernels)
