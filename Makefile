# Each target creates .venv and installs Snowbound on first use.
# PYTHON picks the interpreter for a new .venv (3.11 or newer): `PYTHON=python3.12 make run`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
NEW_ENOUGH := import sys; sys.exit(sys.version_info < (3, 11))

.PHONY: run test test-long bench bench-quick fuzz leak-dow lint format clean

# A .venv whose python is missing, broken or older than 3.11 (say, from a first run with the wrong
# PYTHON) is not trusted: forget the stamp so the recipe below rebuilds it.
ifneq ($(shell $(BIN)/python -c '$(NEW_ENOUGH)' >/dev/null 2>&1 || echo stale),)
$(shell rm -f $(STAMP))
endif

$(STAMP): pyproject.toml
	@$(BIN)/python -c '$(NEW_ENOUGH)' >/dev/null 2>&1 || { \
	  $(PYTHON) -c '$(NEW_ENOUGH)' >/dev/null 2>&1 || { \
	    echo "Snowbound needs Python 3.11 or newer, and '$(PYTHON)' is missing or older:" \
	      "run e.g. 'PYTHON=python3.12 make $(or $(MAKECMDGOALS),run)' (see README)."; exit 1; }; \
	  echo "Creating $(VENV) with $(PYTHON)"; rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

# `make test` is the fast suite: the tests marked `long` (listed in tests/conftest.py, each with
# the case it keeps in the fast suite) are left out by pyproject's addopts; `make test-long` runs
# only them.
test: $(STAMP)
	@echo "make test: the fast suite, about 4 minutes on 2 cores (make test-long runs the long tests left out)"
	$(BIN)/python -m pytest

test-long: $(STAMP)
	@echo "make test-long: the long tests only, about 5 minutes on 2 cores"
	$(BIN)/python -m pytest -m long

# every figure as soon as it is measured; bench-quick: the same benchmarks at small sizes
bench: $(STAMP)
	$(BIN)/python -m bench

bench-quick: $(STAMP)
	$(BIN)/python -m bench --quick

# the Discord surface's hypothesis tests with many more examples; prints the counts
FUZZ_EXAMPLES ?= 1000
fuzz: $(STAMP)
	SNOWBOUND_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -q -s -n 0 -p no:randomly --timeout=0 \
		tests/e2e/test_fuzz_interactions.py tests/rules/test_parse_fuzz.py

# Dead of Winter's by-value leak test over DOW_LEAK_GAMES seeded games in every mode (issue 10 §2),
# long ones included (-m ""); `make test` plays 2 in one mode, `make test-long` 2 in each other.
# 500 per mode takes about an hour on one core.
DOW_LEAK_GAMES ?= 500
leak-dow: $(STAMP)
	DOW_LEAK_GAMES=$(DOW_LEAK_GAMES) $(BIN)/python -m pytest -q -n 0 -p no:randomly --timeout=0 \
		--durations=0 -m "" tests/rules/dead_of_winter/test_hidden.py -k section_10_1

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) build *.egg-info
