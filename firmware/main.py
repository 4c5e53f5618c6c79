# The board's entry point: read /board.json, build its drivers, run the cabinet under asyncio.
# In production the USB console cannot break in (Ctrl-C is off) unless the attendant key is held
# at power-up (service mode). The virtual board's file sets loop_ms, so main returns to its REPL.
import json

from drivers import hardware
from terminal import startup
from terminal.loop import Loop
from terminal.settings import Settings

BOARD = "/board.json"
HELP = "/help.json"  # the Help view's pages, made by the flash tool from the odds report
SIGNATURE = "/signature"  # written by `host_tools flash`: the SHA-256 an inspector compares
STATUS = {}  # what a service query reads after boot: board, signature, phase, credits


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def settings(board):
    return Settings(stations=board.get("stations", 1), rules=board.get("rules"),
                    credits=board.get("credits", 0), **board.get("settings", {}))


def run():
    import asyncio
    import micropython
    board = json.loads(read(BOARD) or "{}")
    try:
        parts = hardware.build(board)
        help_pages = tuple(tuple(page) for page in json.loads(read(HELP) or "[]"))
        # The cabinet as critical memory left it: a damaged record is a RAM error tilt.
        cabinet, effects = startup.start(settings(board), parts.memory, help_pages,
                                         parts.clock.now())
    except Exception as e:  # a part missing or a bad board file: no game, and no REPL either
        hardware.halt(board, e)
        return
    if board.get("production") and not parts.service:
        micropython.kbd_intr(-1)
    signature = (read(SIGNATURE) or "unsigned").strip()
    STATUS.update(board=board.get("name", "?"), signature=signature)
    print("CRAPS TERMINAL BOOT %s %s" % (STATUS["board"], signature))
    print("reset cause: %s" % parts.reset_cause)
    loop = Loop(cabinet, parts)
    try:
        for effect in effects:  # save the start-up, and a roll the power cut interrupted
            loop.apply(effect, parts.clock.now())
    except Exception as e:
        loop.fail(e, parts.clock.now())
    startup = getattr(parts.dice, "startup", None)  # the RNG's health start-up test
    fault = startup() if startup else None
    if fault:
        loop.send(fault, parts.clock.now())
    asyncio.run(loop.run(parts.clock, board.get("loop_ms")))
    STATUS.update(phase=cabinet.phase, credits=list(cabinet.table.credits))


run()
