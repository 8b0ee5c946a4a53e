# The two set-up commands: `make play` (the web server) and `make test`. Both create .venv.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play play-terminal test bench bench-startup clean

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

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
