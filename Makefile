# Arbiter: `make run` starts the bot (or the offline console without a token); `make test` runs every
# check a reviewer would: lint, format, types, architecture, then the whole test suite (what CI runs);
# `make check` is the same without the long sweeps, for the edit-test loop.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Two stamps: `run` needs only the runtime dependencies, the checks also need the `test` extra.
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
ARCHITECTURE := tests/architecture

.PHONY: run test check fuzz lint format typecheck architecture bench console import clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): $(RUN_STAMP) pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(RUN_STAMP)
	$(BIN)/arbiter run

console: $(RUN_STAMP)
	$(BIN)/arbiter console

import: $(RUN_STAMP)
	$(BIN)/arbiter import

# The benchmarks need the `test` extra too: the Discord one drives the bot through the suite's fake wire.
bench: $(TEST_STAMP)
	$(BIN)/python -m bench

# ruff's lint rules, then its formatter in check mode, over the whole tree (tests and bench too).
lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Rewrite the files `lint` would reject for their format.
format: $(TEST_STAMP)
	$(BIN)/ruff format .

# mypy as configured in pyproject.toml: strict on engine/, the defaults plus untyped bodies elsewhere.
typecheck: $(TEST_STAMP)
	$(BIN)/mypy

# The layering and the rule citations (see tests/architecture); a few seconds.
architecture: $(TEST_STAMP)
	$(BIN)/python -m pytest -q $(ARCHITECTURE)

# Workers steal queued tests from each other, so the long property tests don't leave one core idle.
test: $(TEST_STAMP)
	$(MAKE) --no-print-directory lint typecheck architecture
	$(BIN)/python -m pytest -q -n auto --dist worksteal --ignore=$(ARCHITECTURE)

# The fast tier: every check but the tests marked `slow` (the long random sweeps, whole matches typed or
# played over the fake wire, crash and restart runs), which `make test` runs too, and the property
# tests with a quarter of their examples (the `check` profile of tests/conftest.py), the same each run.
check: $(TEST_STAMP)
	$(MAKE) --no-print-directory lint typecheck architecture
	HYPOTHESIS_PROFILE=check $(BIN)/python -m pytest -q -n auto --dist worksteal --ignore=$(ARCHITECTURE) \
		-m "not slow"

# The property tests with new examples each run, ten times as many as `make test` draws (the `fuzz`
# profile of tests/conftest.py, which tests/property_costs.py scales for every test): a long sweep for
# defects, run on purpose; `make test` draws the same examples every run.
fuzz: $(TEST_STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest -q -n auto --dist worksteal --ignore=$(ARCHITECTURE)

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .mypy_cache .hypothesis
