# tune_install_sidecar(... COMPONENT app) puts the sidecar's install rule in component app.
add_executable(app app.cpp)
install(TARGETS app DESTINATION bin COMPONENT app)
tune_install_sidecar(app DESTINATION bin COMPONENT app)
