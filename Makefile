# Every task of the craps terminal. `make test` is the whole check from a fresh clone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STATIONS ?= 2
VENV_OK := $(VENV)/.installed
NODE_OK := tests/mp/node_modules/.installed

.PHONY: test test-cpython test-micropython mpy odds bench sim clean

test: test-cpython test-micropython mpy

test-cpython: $(VENV_OK)
	$(PY) -m pytest

# The engine, cabinet and driver tests again, under MicroPython's own VM (the pinned WebAssembly port on Node).
test-micropython: $(NODE_OK)
	node tests/mp/run.mjs --path firmware --tests tests/engine --tests tests/terminal --tests tests/drivers

# Every firmware file must compile for the RP2040.
mpy: $(VENV_OK)
	$(PY) -m host_tools mpy

odds: $(VENV_OK)
	$(PY) -m host_tools odds $(ODDS)

bench: $(VENV_OK) $(NODE_OK)
	$(PY) -m host_tools bench

# The virtual cabinet in this terminal: `make sim STATIONS=4 SIM="--seed 7 --odds 5x"`.
sim: $(VENV_OK)
	$(PY) -m host_tools sim --stations $(STATIONS) $(SIM)

$(VENV_OK): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(NODE_OK): tests/mp/package.json tests/mp/package-lock.json
	npm ci --prefix tests/mp --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf $(VENV) build tests/mp/node_modules
