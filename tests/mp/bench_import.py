# How long a fresh MicroPython takes to import what firmware/main.py imports before it runs
# (main itself starts the cabinet on import). Run by host_tools/bench.py through run.mjs.
import json
import time

start_us = time.ticks_us()
import drivers.integrity  # noqa: E402,F401
import drivers.hardware  # noqa: E402,F401
import terminal.loop  # noqa: E402,F401
import terminal.settings  # noqa: E402,F401
import terminal.startup  # noqa: E402,F401  (and the cabinet with it)
print(json.dumps({"entry_import_ms": time.ticks_diff(time.ticks_us(), start_us) / 1000}))
