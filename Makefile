# The two set-up commands: `make play` (the web server) and `make test`. Both create .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play play-terminal test test-compiled bench bench-startup compile clean

$(BIN)/bellica: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.dev: $(BIN)/bellica
	$(BIN)/pip install --quiet -e ".[dev,bench,lab,ray,adapters]"
	touch $@

play: $(BIN)/bellica
	$(BIN)/bellica serve

play-terminal: $(BIN)/bellica
	$(BIN)/bellica play imperio-bellum --vs greedy

test: $(VENV)/.dev
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/ruff format --check src tests benchmarks examples
	$(BIN)/mypy
	$(BIN)/pytest -n 2 --dist loadgroup
	$(MAKE) test-compiled

$(VENV)/.bench: $(BIN)/bellica
	$(BIN)/pip install --quiet -e ".[bench]"
	touch $@

bench: $(VENV)/.bench
	$(BIN)/python benchmarks/speed.py

bench-startup: $(BIN)/bellica
	$(BIN)/python benchmarks/startup.py

# Opt-in: Para Bellum's rules compiled with mypyc (setup.py), as a copy of the package in
# build/compiled, never beside the sources (where a stale compiled module would shadow an
# edited one). Use it with PYTHONPATH=build/compiled, e.g.
#   PYTHONPATH=build/compiled .venv/bin/bellica simulate para-bellum --games 1000
COMPILED := build/compiled
compile: $(VENV)/.dev
	rm -rf build/wheel $(COMPILED)
	$(BIN)/pip install --quiet "setuptools>=77"
	BELLICA_COMPILE=1 $(BIN)/pip wheel --quiet --no-build-isolation --no-deps -w build/wheel .
	$(BIN)/pip install --quiet --no-deps --target $(COMPILED) build/wheel/bellica-*.whl
	PYTHONPATH=$(COMPILED) $(BIN)/python -c "import bellica.core.stack as m; \
		assert m.__file__.endswith('.so'), m.__file__; print('compiled:', m.__file__)"

# The compiled build plays the same games: Para Bellum's tests, the contract and the goldens.
test-compiled: compile
	PYTHONPATH=$(COMPILED) $(BIN)/pytest -q -n 2 -p no:cacheprovider \
		tests/games/para_bellum tests/test_contract.py tests/golden

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
