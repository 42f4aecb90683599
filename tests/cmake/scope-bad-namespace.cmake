# NAMESPACE is a C++ namespace name.
tune_scope(demo NAMESPACE my-lib)
