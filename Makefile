# The two quick-start commands: `make run` (the main job) and `make test` (everything).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup run test lint typecheck unit clean docs serve browser

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,docs]'
	touch $@

# The wheels tests/test_install.py installs offline into a fresh virtualenv beside the built
# wheel: the runtime dependencies and pytest, at the versions of the dev venv.
WHEELHOUSE := $(VENV)/wheelhouse
export RUNTIME_REQUIREMENTS := from importlib.metadata import requires; \
  print(" ".join(r for r in requires("cambio-ref") or () if "extra ==" not in r))
$(WHEELHOUSE)/.done: $(BIN)/.installed
	rm -rf $(WHEELHOUSE)
	$(BIN)/python -m pip freeze --exclude-editable > $(VENV)/constraints.txt
	$(BIN)/python -m pip download --quiet --only-binary=:all: -d $(WHEELHOUSE) \
	  -c $(VENV)/constraints.txt pytest $$($(BIN)/python -c "$$RUNTIME_REQUIREMENTS")
	touch $@

setup: $(BIN)/.installed $(WHEELHOUSE)/.done

# The main job: validate the catalogue, the examples and the cases, list the rulesets,
# then check the bundled reference implementation (cambio serve) with cambio conform:
# every case under the five rulesets plus the default fuzz budget (seeded, reproducible).
run: setup
	$(BIN)/cambio validate spec/ examples/
	$(BIN)/cambio rulesets
	$(BIN)/cambio conform --impl "$(BIN)/cambio serve" --seed 1

lint: setup
	$(BIN)/ruff check .

typecheck: setup
	$(BIN)/mypy

# The whole pytest suite, including the browser tests of the site (tests/site/), which
# build site/ first if it is missing or stale. Deselect them with: pytest -m "not browser".
unit: setup browser
	$(BIN)/pytest

test: lint typecheck docs unit

# The rulebook site: mkdocs --strict (pages rendered from spec/ by cambio_ref.rulebook)
# into site/, then the Sphinx API reference into site/api/. Fails on any warning.
MKDOCS_ENV := NO_MKDOCS_2_WARNING=1 DISABLE_MKDOCS_2_WARNING=true

docs: setup
	$(MKDOCS_ENV) $(BIN)/python docs/build.py

# Live preview of the site (the API reference is only a placeholder here: use `make docs`).
serve: setup
	$(MKDOCS_ENV) $(BIN)/mkdocs serve

# Debian's chromium for the browser tests; does nothing when it is already installed.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser:
	@command -v chromium >/dev/null || \
	  ($(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends chromium)

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis site build docs/sphinx/modules
