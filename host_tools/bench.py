"""`make bench`: the engine's figures on this machine, printed as a table and kept as JSON.

- settlement rate on CPython for the busiest table (tests/engine/busy.py: 8 stations, ~11 wagers
  each), timing Table.roll alone, the fastest of three runs;
- the same on real MicroPython (the pinned WebAssembly port under Node), with the live heap of
  the engine code and of the busy table, and the bytes allocated per settled roll;
- the engine's size as .mpy for the RP2040 (mpy-cross -O2 -march=armv6m);
- critical memory for the busiest cabinet: flash bytes written per roll, and the start-up time
  on MicroPython that rebuilds it with a drawn roll still to settle;
- side by side with crapssim on the same bet mix and dice (host_tools/peer.py), whose final
  bankroll must equal ours, with each side's time split between placing the bets and settling.
"""
import json
import os
import subprocess
import sys
import time

from host_tools import FIRMWARE, mpy, peer

ROOT = os.path.dirname(FIRMWARE)
BUILD = os.path.join(ROOT, "build")
WORKLOAD = os.path.join(ROOT, "tests", "engine")  # busy.py: the busiest table


def _busy():
    """tests/engine/busy.py, imported when a figure needs it, not with this module (which every
    command's parser loads)."""
    if WORKLOAD not in sys.path:
        sys.path.insert(0, WORKLOAD)
    import busy
    return busy


def cpython_rolls_per_second(n=20000, runs=peer.RUNS):
    """The fastest of `runs` runs, as the peer comparison takes."""
    return int(n / min(_seconds_settling(n) for _ in range(runs)))


def _seconds_settling(n):
    busy = _busy()
    table = busy.new_table()
    spent = 0.0
    for d1, d2 in busy.dice(n, seed=99):
        busy.top_up(table)
        start = time.perf_counter()
        table.roll(d1, d2)
        spent += time.perf_counter() - start
    return spent


def health_false_alarms(samples=10 ** 7):
    """The RNG's health tests (RCT cutoff 41, APT 793 of 1024) over `samples` bits of a good
    source (os.urandom, 1 bit of entropy a bit): alarms seen. Expected for such a source: RCT
    about samples * 2^-40 (a run of 41), APT far below 1e-60 a window: both round to 0."""
    from drivers.health import HealthFailure, HealthTests
    health = HealthTests()
    alarms = 0
    for chunk in range(samples // 8 // 65536 + 1):
        for byte in os.urandom(min(65536, samples // 8 - chunk * 65536)):
            for shift in range(8):
                try:
                    health.feed((byte >> shift) & 1)
                except HealthFailure:
                    alarms += 1
                    health.reset()
    return alarms


def micropython_figures():
    figures = {}
    for script in ("tests/mp/bench_mp.py", "tests/mp/bench_import.py",
                   "tests/mp/bench_memory.py"):
        out = subprocess.run(
            ["node", os.path.join(ROOT, "tests", "mp", "run.mjs"), "--path", "firmware",
             "--tests", "tests/engine", "--script", script],
            cwd=ROOT, capture_output=True, text=True, check=True).stdout
        figures.update(json.loads(out.strip().splitlines()[-1]))
    return figures


# Every figure build/bench.json holds, and its type: what other tools may read from it.
SCHEMA = {
    "cpython_rolls_per_s": int, "engine_mpy_bytes": int, "terminal_mpy_bytes": int,
    "firmware_mpy_bytes": int, "micropython_rolls_per_s": int, "micropython_code_heap": int,
    "micropython_busy_table_heap": int, "micropython_wagers": int,
    "micropython_bytes_per_roll": int, "micropython_settlements_per_roll": int,
    "micropython_terminal_code_heap": int, "micropython_cabinet_heap": int,
    "micropython_cabinet_wagers": int, "micropython_cabinet_bytes_per_tick": int,
    "micropython_entry_import_ms": float,
    "micropython_flash_bytes_per_roll": int, "micropython_state_record_bytes": int,
    "micropython_recovery_wagers": int, "micropython_recovery_ms": float,
    "health_samples": int, "health_false_alarms": int,
    "peer_rolls": int, "peer_runs": int, "ours_rolls_per_s": int, "crapssim_rolls_per_s": int,
    "speedup_over_crapssim": float, "ours_placing_us": float, "ours_settling_us": float,
    "crapssim_placing_us": float, "crapssim_settling_us": float, "ours_final_bankroll": int,
    "crapssim_final_bankroll": float,
}
PEER = ("peer_rolls", "peer_runs", "ours_rolls_per_s", "crapssim_rolls_per_s",
        "speedup_over_crapssim", "ours_placing_us", "ours_settling_us", "crapssim_placing_us",
        "crapssim_settling_us", "ours_final_bankroll", "crapssim_final_bankroll")


def collect(rolls=20000, health_samples=10 ** 7, peer_rolls=20000):
    """Every figure of SCHEMA (the peer's only when peer_rolls: crapssim is a bench extra)."""
    figures = {"cpython_rolls_per_s": cpython_rolls_per_second(rolls),
               "engine_mpy_bytes": sum(mpy.compile_all("craps").values()),
               "terminal_mpy_bytes": sum(mpy.compile_all("terminal").values()),
               "firmware_mpy_bytes": sum(mpy.compile_all().values()),
               "health_samples": health_samples,
               "health_false_alarms": health_false_alarms(health_samples)}
    figures.update(("micropython_" + k, v) for k, v in micropython_figures().items())
    if peer_rolls:
        figures.update(peer.compare(_busy().dice(peer_rolls, seed=5)))
    return figures


def rows(f):
    out = []
    if "peer_rolls" in f:
        out += [
            ("CPython, one player's ~13 bets: our rolls per second", f["ours_rolls_per_s"]),
            _halves(f, "ours"),
            ("CPython, the same bets and dice: crapssim 0.4.1 rolls per second",
             f["crapssim_rolls_per_s"]),
            _halves(f, "crapssim"),
            ("  ours / crapssim, the fastest of %d runs each (goal: at least 20)"
             % f["peer_runs"], f["speedup_over_crapssim"]),
            ("  final bankrolls equal after %d rolls" % f["peer_rolls"],
             "yes" if f["ours_final_bankroll"] == f["crapssim_final_bankroll"] else "NO")]
    return out + [
        ("CPython: busy-table rolls settled per second", f["cpython_rolls_per_s"]),
        ("MicroPython (wasm): busy-table rolls settled per second",
         f["micropython_rolls_per_s"]),
        ("MicroPython: engine code heap (bytes, from source)", f["micropython_code_heap"]),
        ("MicroPython: busy table live heap (bytes, %d wagers)" % f["micropython_wagers"],
         f["micropython_busy_table_heap"]),
        ("MicroPython: bytes allocated per roll (%d settlements)"
         % f["micropython_settlements_per_roll"], f["micropython_bytes_per_roll"]),
        ("MicroPython: terminal code heap (bytes, from source)",
         f["micropython_terminal_code_heap"]),
        ("MicroPython: 8-station cabinet live heap (bytes, %d wagers)"
         % f["micropython_cabinet_wagers"], f["micropython_cabinet_heap"]),
        ("MicroPython: the same cabinet, bytes allocated per idle loop tick",
         f["micropython_cabinet_bytes_per_tick"]),
        ("Engine as .mpy (mpy-cross -O2 -march=armv6m), bytes", f["engine_mpy_bytes"]),
        ("Terminal as .mpy, bytes", f["terminal_mpy_bytes"]),
        ("Whole firmware as .mpy, bytes", f["firmware_mpy_bytes"]),
        ("MicroPython: import time of the entry point's modules, ms",
         f["micropython_entry_import_ms"]),
        ("8-station cabinet: flash bytes written per roll (both copies)",
         f["micropython_flash_bytes_per_roll"]),
        ("8-station cabinet: state record, bytes a copy", f["micropython_state_record_bytes"]),
        ("MicroPython: start-up from flash, %d wagers and a roll to settle, ms"
         % f["micropython_recovery_wagers"], f["micropython_recovery_ms"]),
        ("RNG health tests over %d good bits: false alarms (expected ~0.00001)"
         % f["health_samples"], f["health_false_alarms"])]


def _halves(f, side):
    return ("  a roll's microseconds: placing the bets / settling",
            "%.2f / %.2f" % (f[side + "_placing_us"], f[side + "_settling_us"]))


def main(args=None):
    figures = collect()
    for label, value in rows(figures):
        print("%-64s %10s" % (label, value))
    os.makedirs(BUILD, exist_ok=True)
    with open(os.path.join(BUILD, "bench.json"), "w") as f:
        json.dump(figures, f, indent=1, sort_keys=True)
    return 0
