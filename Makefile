# Every task of the craps terminal. `make test` is the whole check from a fresh clone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STATIONS ?= 2
VENV_OK := $(VENV)/.installed
NODE_OK := tests/mp/node_modules/.installed

.PHONY: test test-cpython test-micropython mpy odds bench chip firmware rngtest simulate sim web flash virtual-board package-json clean

# The CPython and MicroPython runs side by side (-O: each one's output whole, once it is done),
# and pytest on every core (pytest-xdist; a test file's tests on one worker, for their fixtures).
test: $(VENV_OK) $(NODE_OK)
	$(MAKE) -j2 -O test-cpython test-micropython
	$(MAKE) mpy

# (The flash tool's tests run real MicroPython under Node as a virtual board, and tests/web builds
# the page from the same port and plays it in Chromium: they need NODE_OK.)
test-cpython: $(VENV_OK) $(NODE_OK)
	$(PY) -m pytest -n auto --dist loadfile

# The engine, cabinet and driver tests again, under MicroPython's own VM (the pinned WebAssembly port on Node).
test-micropython: $(NODE_OK)
	node tests/mp/run.mjs --path firmware --tests tests/engine --tests tests/terminal --tests tests/drivers

# Every firmware file must compile for the RP2040.
mpy: $(VENV_OK)
	$(PY) -m host_tools mpy

odds: $(VENV_OK)
	$(PY) -m host_tools odds $(ODDS)

bench: $(VENV_OK) $(NODE_OK) $(VENV)/.bench-installed
	$(PY) -m host_tools bench

# The RNG certification battery, 10^6 rolls from the host path by default:
# `make rngtest RNGTEST="--source board --port /dev/ttyACM0 --seed-check"`.
rngtest: $(VENV_OK)
	$(PY) -m host_tools rngtest $(RNGTEST)

# The long run (about 6 min on two cores): `make simulate SIMULATE="--rolls 1000000 --seed-check"`.
simulate: $(VENV_OK)
	$(PY) -m host_tools simulate $(SIMULATE)

# MicroPython for the Pico with the program frozen in it (build/firmware/firmware.uf2), from a
# MicroPython source tree with its rp2 submodules and the ARM GCC: `make firmware MICROPYTHON=DIR`.
firmware: $(VENV_OK)
	$(PY) -m host_tools firmware --micropython $(MICROPYTHON)

# The firmware on an emulated RP2040, timed in its own cycles (boot, keys, coins, heap, busy
# roll): `make chip CHIP_KIT=build/chip [CHIP="--boards pico-1station --parts boot,keys"]`,
# the frozen firmware with CHIP="--firmware build/firmware/firmware.uf2 ...".
# Never part of `make test`: without a kit it says how to get one and stops.
chip: $(VENV_OK)
	$(PY) -m host_tools chip $(if $(CHIP_KIT),--kit $(CHIP_KIT)) $(CHIP)

$(VENV)/.bench-installed: requirements-bench.txt $(VENV_OK)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	touch $@

# The virtual cabinet in this terminal: `make sim STATIONS=4 SIM="--seed 7 --odds 5x"`.
sim: $(VENV_OK)
	$(PY) -m host_tools sim --stations $(STATIONS) $(SIM)

# The cabinet in a browser: builds build/web and serves it on http://localhost:$(WEB_PORT)/
# (the firmware on the pinned MicroPython WebAssembly port; Ctrl-C stops the server).
WEB_PORT ?= 8000
web: $(VENV_OK) $(NODE_OK)
	$(PY) -m host_tools web --out build/web --serve $(WEB_PORT)

# Put the firmware on a board with mpremote, sign it, reset it and verify it:
# `make flash BOARD=pico-1station [PORT=/dev/ttyACM0] [FLASH="--dry-run" | FLASH="--verify"]`.
flash: $(VENV_OK)
	@test -n "$(BOARD)" || { echo "make flash BOARD=NAME [PORT=...]: NAME is a file in boards/, or the path of a board file"; exit 2; }
	$(PY) -m host_tools flash --board $(BOARD) $(if $(PORT),--port $(PORT)) $(FLASH)

# A virtual board to flash by hand (real MicroPython under Node behind a pty): it prints its port
# (then, in another terminal: make flash BOARD=virtual PORT=/dev/pts/N); Ctrl-C stops it.
virtual-board: $(VENV_OK) $(NODE_OK)
	$(PY) tests/virtual_board/fixture.py

# package.json: the firmware for `mpremote mip install` (tests check it is up to date).
package-json: $(VENV_OK)
	$(PY) -m host_tools package-json

# (and the boards' micropython-lib packages, kept in build/mip so that flashing needs no internet)
$(VENV_OK): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(PY) -m host_tools libraries
	touch $@

$(NODE_OK): tests/mp/package.json tests/mp/package-lock.json
	npm ci --prefix tests/mp --no-audit --no-fund --loglevel=error
	touch $@

clean:
	rm -rf $(VENV) build tests/mp/node_modules
