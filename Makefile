# Two commands for a fresh clone: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test check bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/skirmish

# The checks: lint, format, types, the import contract (tui -> saves -> engine; one rule system never imports another).
# All four run and report; any failure fails `make check`, so `make test` and CI (.ci/run) too.
check: $(STAMP)
	@status=0; \
	$(BIN)/ruff check . || status=1; \
	$(BIN)/ruff format --check --output-format concise . || status=1; \
	$(BIN)/mypy || status=1; \
	$(BIN)/lint-imports --no-cache || status=1; \
	exit $$status

test: check
	$(BIN)/python -m pytest

bench: $(STAMP)
	for f in bench/*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .import_linter_cache
