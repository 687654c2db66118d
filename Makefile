# Arbiter: `make run` starts the bot (or the offline console without a token); `make test` runs the tests.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench console import clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/arbiter run

console: $(STAMP)
	$(BIN)/arbiter console

import: $(STAMP)
	$(BIN)/arbiter import

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q -n auto

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check bot cogs engine bench

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .hypothesis
