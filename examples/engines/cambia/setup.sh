#!/bin/sh
# Fetch jason-s-yu/cambia at the commit rules.json names, with the runtime its adapter needs:
#   examples/engines/cambia/setup.sh [--from URL-OR-MIRROR] [--into DIR] [--checkout-only]
# (../setup_engine.py does it; it prints the --impl command for cambio conform)
exec python3 "$(dirname "$0")/../setup_engine.py" cambia "$@"
