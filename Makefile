# The two set-up commands: `make play` (the web server) and `make test`. Both create .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play play-terminal test bench bench-startup compile clean

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

$(VENV)/.bench: $(BIN)/bellica
	$(BIN)/pip install --quiet -e ".[bench]"
	touch $@

bench: $(VENV)/.bench
	$(BIN)/python benchmarks/speed.py

bench-startup: $(BIN)/bellica
	$(BIN)/python benchmarks/startup.py

# Opt-in: Para Bellum's rules compiled with mypyc (setup.py), into src/ beside their sources.
# Build again after changing a compiled module; `make clean` goes back to pure Python.
compile: $(VENV)/.dev
	$(BIN)/pip install --quiet "setuptools>=77"
	BELLICA_COMPILE=1 $(BIN)/pip install --quiet --no-build-isolation -e .

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
	find src -name '*.so' -delete
