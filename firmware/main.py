# The board's entry point. First, before anything else can run, Ctrl-C is closed: MicroPython
# opens it for each file it runs, so these are main.py's first lines (boot.py cannot keep it
# closed). Then the power-up: a production board not in service mode starts its watchdog, and
# only a service board (the attendant key held at power-up, the door open) or one not in
# production opens Ctrl-C again. Then the program's signature is checked, before the game's code
# is imported: files that are not the ones signed at flashing are a tilt that only reflashing
# clears. Then /board.json's drivers are built and the cabinet runs under asyncio.
# The virtual board's file sets loop_ms, so main returns to its REPL.
import micropython
micropython.kbd_intr(-1)

import gc
import time
MARKS = [("main.py", time.ticks_ms())]  # the boot's phases: (what ended, ticks_ms then)

import json
import sys
import os

from drivers import hardware, integrity

BOARD = "/board.json"
HELP = "/help.json"  # the Help view's pages, made by the flash tool from the odds report
# /signature: written by `host_tools flash`, the SHA-256 an inspector compares (drivers/integrity)
STATUS = {}  # what a service query reads after boot: board, signature, check_ms, phase, credits


def mark(name):
    """A phase of the boot is over: its time noted, its garbage collected, so that what the next
    one keeps is packed low in the heap, not among this one's holes (a power-up of pico-shaker
    on the chip halted with a MemoryError for 1,280 bytes with 89 KB free: the program check's
    garbage had left the heap in pieces)."""
    MARKS.append((name, time.ticks_ms()))
    gc.collect()


def phases():
    """The boot's phases as the console says them: on the chip ticks_ms counts from the reset,
    so the first is the firmware's own start."""
    out, last = ["%s at %d" % MARKS[0]], MARKS[0][1]
    for name, t in MARKS[1:]:
        out.append("%s %d" % (name, time.ticks_diff(t, last)))
        last = t
    return "boot ms: %s; heap free %d bytes" % (", ".join(out), gc.mem_free())


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def program_changed(board, computed, expected, service, watchdog):
    """The tilt for files that are not the signed ones (or no /signature in production)."""
    from terminal import puck
    reason = "PROGRAM SIGNATURE %s EXPECTED %s" % (computed, expected or "none")
    STATUS.update(tilt=reason)
    lines = ("SIG " + computed[:12], "WAS " + (expected or "none")[:12], "TILT: PROGRAM CHANGED")
    try:
        hardware.tilt(board, reason, lines, lambda ms: puck.frame(puck.TILT, 0, ms), service,
                      watchdog)
    except Exception as e:  # the parts cannot show it: stop all the same
        hardware.halt(board, e, service, watchdog)


def power_up():
    """(board, bad, service, watchdog): the board file (bad: the BadBoard it is, said once the
    program is checked), service mode, the watchdog (hardware.power_up); Ctrl-C opened again
    unless the board is in production and not in service mode."""
    from drivers import board_file
    try:
        board, bad = board_file.load(read(BOARD) or "{}"), None
    except board_file.BadBoard as e:  # a changed board file: the signature says so
        board, bad = {}, e
    service, watchdog = hardware.power_up(board)
    if service or not board.get("production"):
        micropython.kbd_intr(3)  # the technician may break in
    return board, bad, service, watchdog


def run(board, bad, service, watchdog):
    import asyncio
    closed = board.get("production") and not service
    mark("power-up")
    computed, expected = integrity.check(os)
    mark("program check")
    check_ms = time.ticks_diff(MARKS[-1][1], MARKS[-2][1])
    STATUS.update(board=board.get("name", "?"), signature=expected or "unsigned",
                  check_ms=check_ms, service=service)
    if service:
        print("CRAPS TERMINAL SERVICE MODE: the console is open, no watchdog")
    if computed != expected and (expected is not None or board.get("production")):
        program_changed(board, computed, expected, service, watchdog)
        return
    from drivers import board_file
    BadBoard = board_file.BadBoard  # (no methods: it holds none of its module)
    try:
        if bad:
            raise bad
        settings = board_file.check(board, parts=False)  # every pin and setting, before a
        # part is built (the build checks each part, as the host's check did on paper)
        del board_file
        # The parts before the game's modules: the dice's drivers need blocks of a kilobyte
        # or more, which the heap no longer had after the game's (the chip's cabinet-4station
        # halted there with a MemoryError).
        parts = hardware.build(board, watchdog=watchdog)
        mark("parts")
        from terminal.events import FAULT
        from terminal.loop import Loop
        from terminal.startup import start, forget
        forget(("drivers.board_file",))  # its checks are done: its heap is play's
        if integrity.frozen_id():  # frozen, a module's code takes no heap: the walk loads
            from terminal import walk  # now, not at a player's first SELECT
        mark("game imports")
        help_pages = tuple(tuple(page) for page in json.loads(read(HELP) or "[]"))
        # The cabinet as critical memory left it: a damaged record is a RAM error tilt.
        cabinet, effects = start(settings, parts.memory, help_pages, parts.clock.now(), service,
                                 feed=parts.watchdog.feed)
        mark("memory")
    except BadBoard as e:  # said in one line: the board file is to be fixed
        hardware.halt(board, e, service, watchdog, "BadBoard: %s" % e)
        return
    except Exception as e:  # a part missing: no game (no REPL in production)
        hardware.halt(board, e, service, watchdog)
        return
    if closed:
        from drivers.console import ReadOnlyConsole, usb_reader
        answers = {"meters": lambda rest: (json.dumps(cabinet.meters.counts),),
                   "signature": lambda rest: (STATUS["signature"],),
                   "verify": lambda rest: integrity.verify(os, integrity.seed(rest))}
        bits = getattr(parts.dice, "bits", None)  # the RNG's raw source (none on a shaker)
        if bits is not None:
            from drivers.entropy import samples
            answers["entropy"] = lambda rest: (samples(bits, rest),)
        parts.inputs.append(ReadOnlyConsole(usb_reader(), print, answers))
    print("CRAPS TERMINAL BOOT %s %s" % (STATUS["board"], STATUS["signature"]))
    print("reset cause: %s" % parts.reset_cause)
    print("program checked in %d ms" % check_ms)
    print(phases())
    loop = Loop(cabinet, parts)
    hardware.pace_heap()
    try:
        loop.carry_out(effects, parts.clock.now())  # save the start-up, and a roll the
        # power cut interrupted
    except Exception as e:
        loop.fail(e, parts.clock.now())
    for name, error in parts.faults:  # a part replaced (a display by the console): a tilt
        parts.record(error)
        loop.send((FAULT, name), parts.clock.now())
    self_test = getattr(parts.dice, "startup", None)  # the RNG's health start-up test
    fault = self_test() if self_test else None
    if fault:
        loop.send(fault, parts.clock.now())
    if sys.platform == "rp2" and "loop_ms" not in board:
        loop.run_forever(parts.clock, time.sleep_ms)  # (no asyncio garbage: Loop.run_forever)
    else:
        asyncio.run(loop.run(parts.clock, board.get("loop_ms")))
    STATUS.update(phase=cabinet.phase, credits=list(cabinet.table.credits))


mark("its imports")
BOARD_FILE, BAD, SERVICE, WATCHDOG = power_up()
try:
    run(BOARD_FILE, BAD, SERVICE, WATCHDOG)
except Exception as e:  # what nothing in run() caught: never a bare REPL on a production board
    hardware.halt(BOARD_FILE, e, SERVICE, WATCHDOG)
