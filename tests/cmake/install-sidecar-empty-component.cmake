# tune_install_sidecar: COMPONENT needs a name.
add_executable(app app.cpp)
tune_install_sidecar(app DESTINATION bin COMPONENT)
