# The two quick-start commands: `make run` (the main job) and `make test` (everything).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup run test lint typecheck unit clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

setup: $(BIN)/.installed

# The main job: validate the whole catalogue and the examples, then show every ruleset.
run: setup
	$(BIN)/cambio validate spec/ examples/
	$(BIN)/cambio rulesets
	for r in memory online hearts official awareness; do $(BIN)/cambio show $$r > /dev/null || exit 1; done
	$(BIN)/cambio score --ruleset online KH KS X AC

lint: setup
	$(BIN)/ruff check .

typecheck: setup
	$(BIN)/mypy

unit: setup
	$(BIN)/pytest

test: lint typecheck unit

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis site
