# The two quick-start commands: `make run` (the main job) and `make test` (everything).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin
# Python writes the bytecode of what it imports (.pyc, in __pycache__/) in every step, even
# where PYTHONDONTWRITEBYTECODE is set, as in many containers and CI images (an empty value
# unsets it): uv does not compile the packages it installs, and without this each process
# (mkdocs, Sphinx, each `cambio` the tests start) would compile every module it imports
# again (the site build about 5 s of CPU more); pytest would rewrite every test module in
# each worker (about 5 s).
export PYTHONDONTWRITEBYTECODE :=

.PHONY: setup run test lint typecheck unit clean docs site serve browser bytecode

# Set-up says what each step does and about how long it takes, one line each (the times
# of a 2-core machine, with nothing cached). pip runs -qq and uv -q: their errors show,
# their notices and warnings (a pip.conf's missing index, pip's newer version) do not.
# The packages go in with uv, an installer from PyPI, not with pip: on a 2-core machine pip
# took about 35 s of CPU (1 min or more of wall time) for what uv installs in about 6 s.
# The virtualenv is made without pip (venv's own install of pip took about 8 s of CPU); uv
# goes in with the pip of the Python that makes it (`pip --python`), and pip, which the
# wheelhouse below and tests/test_install.py use, with uv. A Python without pip (or with a pip
# older than 22.3) gets venv's pip and installs uv with that, as before.
SAY = @printf 'setup: %s\n'

$(BIN)/.installed: pyproject.toml
	$(SAY) "a virtualenv in $(VENV) (under 1 s)"
	@$(PYTHON) -m venv --without-pip $(VENV)
	$(SAY) "uv, the installer, into it (about 5 s)"
	@$(PYTHON) -m pip --python $(BIN)/python install -qq --disable-pip-version-check 'uv>=0.5,<1' \
	  2>/dev/null || ($(BIN)/python -m ensurepip --default-pip >/dev/null && \
	  $(BIN)/python -m pip install -qq --disable-pip-version-check 'uv>=0.5,<1')
	$(SAY) "cambio-ref, editable, with its test and docs dependencies, and pip (about 10 s)"
	@$(BIN)/uv pip install -q --python $(BIN)/python pip -e '.[test,docs]'
	@touch $@

# The wheels tests/test_install.py installs offline into a fresh virtualenv beside the built
# wheel: the runtime dependencies and pytest, at the versions of the dev venv.
WHEELHOUSE := $(VENV)/wheelhouse
export RUNTIME_REQUIREMENTS := from importlib.metadata import requires; \
  print(" ".join(r for r in requires("cambio-ref") or () if "extra ==" not in r))
$(WHEELHOUSE)/.done: $(BIN)/.installed
	$(SAY) "the wheels of the offline install test into $(WHEELHOUSE) (about 5 s)"
	@rm -rf $(WHEELHOUSE)
	@$(BIN)/python -m pip freeze -qq --disable-pip-version-check --exclude-editable > $(VENV)/constraints.txt
	@$(BIN)/python -m pip download -qq --disable-pip-version-check --only-binary=:all: -d $(WHEELHOUSE) \
	  -c $(VENV)/constraints.txt pytest $$($(BIN)/python -c "$$RUNTIME_REQUIREMENTS")
	@touch $@

# Everything set up; the steps that need only the packages wait for those alone (`make run`
# needs no wheelhouse, and `make test` fetches it beside lint, typecheck and the site build).
setup: $(BIN)/.installed $(WHEELHOUSE)/.done

# The main job: validate the catalogue, the examples and the cases, list the rulesets,
# then check the bundled reference implementation (cambio serve) with cambio conform:
# every case under the five rulesets plus the default fuzz budget (seeded, reproducible).
run: $(BIN)/.installed bytecode
	$(BIN)/cambio validate spec/ examples/
	$(BIN)/cambio rulesets
	$(BIN)/cambio conform --impl "$(BIN)/cambio serve" --seed 1

lint: $(BIN)/.installed
	$(BIN)/ruff check .

typecheck: $(BIN)/.installed
	$(BIN)/mypy

# The whole pytest suite, including the browser tests of the site (tests/site/), which
# build site/ first if it is missing or stale. Deselect them with: pytest -m "not browser".
# One pytest-xdist worker per core; a module's tests stay on one worker (--dist loadscope),
# so that its module-scoped fixtures (the built wheel, shared runs) are made once (the browser
# and its pages once per worker: tests/site/conftest.py); the longest modules first
# (tests/conftest.py), in that order (--no-loadscope-reorder).
unit: setup browser bytecode
	$(BIN)/pytest -n auto --dist loadscope --no-loadscope-reorder

# Everything at once on every core: lint, typecheck, the site build and pytest, whose site
# tests wait for the build (docs/build.py builds one site at a time). The site is always
# built anew: its stamp goes first.
test: $(BIN)/.installed browser bytecode
	@rm -f site/.built
	@$(MAKE) --no-print-directory -j4 lint typecheck site unit

# The project's own modules compiled beside them (__pycache__/), files already up to date
# skipped (under 2 s), before the parallel steps: else the first processes, started at
# once, would each compile them.
bytecode: $(BIN)/.installed
	@$(BIN)/python -m compileall -q cambio_ref conformance tests docs/hooks >/dev/null

# The rulebook site: mkdocs --strict (pages rendered from spec/ by cambio_ref.rulebook)
# into site/, then the Sphinx API reference into site/api/. Fails on any warning.
MKDOCS_ENV := NO_MKDOCS_2_WARNING=1 DISABLE_MKDOCS_2_WARNING=true

docs: $(BIN)/.installed
	$(MKDOCS_ENV) $(BIN)/python docs/build.py

# The same build, unless site/ is newer than all its inputs (what `make test` runs).
site: $(BIN)/.installed
	$(MKDOCS_ENV) $(BIN)/python docs/build.py --if-stale

# Live preview of the site (the API reference is only a placeholder here: use `make docs`).
serve: $(BIN)/.installed
	$(MKDOCS_ENV) $(BIN)/mkdocs serve

# Debian's chromium headless shell for the browser tests (about a quarter less CPU than the
# full chromium's headless mode: tests/site/browsing.py); does nothing when it is already installed.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser:
	@command -v chromium-headless-shell >/dev/null || \
	  (printf 'setup: chromium-headless-shell from Debian, for the browser tests (about 1 min)\n' && \
	   $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends chromium-headless-shell)

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis site build docs/sphinx/modules
