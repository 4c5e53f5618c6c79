# The board's entry point: check the program's signature, read /board.json, build its drivers, run
# the cabinet under asyncio. The check comes first, before the game's code is imported: files
# that are not the ones signed at flashing are a tilt that only reflashing clears.
# In production the USB console cannot break in (Ctrl-C is off) unless the attendant key is held
# at power-up (service mode). The virtual board's file sets loop_ms, so main returns to its REPL.
import json
import os
import time

from drivers import board_file, hardware, integrity

BOARD = "/board.json"
HELP = "/help.json"  # the Help view's pages, made by the flash tool from the odds report
# /signature: written by `host_tools flash`, the SHA-256 an inspector compares (drivers/integrity)
STATUS = {}  # what a service query reads after boot: board, signature, check_ms, phase, credits


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def program_changed(board, computed, expected):
    """The tilt for files that are not the signed ones (or no /signature in production)."""
    from terminal import puck
    reason = "PROGRAM SIGNATURE %s EXPECTED %s" % (computed, expected or "none")
    STATUS.update(tilt=reason)
    lines = ("SIG " + computed[:12], "WAS " + (expected or "none")[:12], "TILT: PROGRAM CHANGED")
    try:
        hardware.tilt(board, reason, lines, lambda ms: puck.frame(puck.TILT, 0, ms))
    except Exception as e:  # the parts cannot show it: stop all the same
        hardware.halt(board, e)


def run():
    import asyncio
    import micropython
    started = time.ticks_ms()
    computed, expected = integrity.check(os)
    check_ms = time.ticks_diff(time.ticks_ms(), started)
    try:
        board, bad = board_file.load(read(BOARD) or "{}"), None
    except board_file.BadBoard as e:  # a changed board file: the signature says so below
        board, bad = {}, e
    STATUS.update(board=board.get("name", "?"), signature=expected or "unsigned",
                  check_ms=check_ms)
    if computed != expected and (expected is not None or board.get("production")):
        program_changed(board, computed, expected)
        return
    from terminal.loop import Loop
    from terminal.startup import start
    try:
        if bad:
            raise bad
        settings = board_file.check(board)  # every pin and setting, before a part is built
        parts = hardware.build(board)
        help_pages = tuple(tuple(page) for page in json.loads(read(HELP) or "[]"))
        # The cabinet as critical memory left it: a damaged record is a RAM error tilt.
        cabinet, effects = start(settings, parts.memory, help_pages, parts.clock.now())
    except board_file.BadBoard as e:  # said in one line: the board file is to be fixed
        hardware.halt(board, e, "BadBoard: %s" % e)
        return
    except Exception as e:  # a part missing: no game, and no REPL either
        hardware.halt(board, e)
        return
    if board.get("production") and not parts.service:
        from drivers.console import ReadOnlyConsole, usb_reader
        micropython.kbd_intr(-1)
        parts.inputs.append(ReadOnlyConsole(usb_reader(), print, {
            "meters": lambda: json.dumps(cabinet.meters.counts),
            "signature": lambda: STATUS["signature"]}))
    print("CRAPS TERMINAL BOOT %s %s" % (STATUS["board"], STATUS["signature"]))
    print("reset cause: %s" % parts.reset_cause)
    print("program checked in %d ms" % check_ms)
    loop = Loop(cabinet, parts)
    try:
        for effect in effects:  # save the start-up, and a roll the power cut interrupted
            loop.apply(effect, parts.clock.now())
    except Exception as e:
        loop.fail(e, parts.clock.now())
    self_test = getattr(parts.dice, "startup", None)  # the RNG's health start-up test
    fault = self_test() if self_test else None
    if fault:
        loop.send(fault, parts.clock.now())
    asyncio.run(loop.run(parts.clock, board.get("loop_ms")))
    STATUS.update(phase=cabinet.phase, credits=list(cabinet.table.credits))


run()
