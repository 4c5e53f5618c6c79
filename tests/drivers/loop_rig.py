# The main loop (terminal/loop.py) with a cabinet and the drivers' twins, for the loop's tests
# and the bench: the panel and the displays may be real drivers on fake pins and buses.
from drivers.buttons import ButtonsTwin
from drivers.display import DisplayTwin
from drivers.entropy import StreamBits
from drivers.hardware import Parts
from drivers.puck_leds import PuckTwin
from drivers.rng_dice import RngDice
from drivers.storage import MemoryStorage
from drivers.watchdog import WatchdogTwin
from rng_support import good_reader
from terminal.events import KEY
from terminal.loop import Loop
from terminal.memory import CriticalMemory
from terminal.settings import Settings
from terminal.startup import start


def rig(stations=2, inputs=None, displays=None, sign=None, credits=100, floor=None,
        **settings):
    """(loop, parts, cabinet) at time 0, its start-up drawn and the new cabinet set up by the
    attendant. inputs, displays (one a station) and sign default to twins; floor: a SAS port
    (terminal/floor.py), an input too; settings' keywords pass through."""
    parts = Parts()
    parts.inputs = inputs or [ButtonsTwin()]
    if floor is not None:
        parts.floor = floor
        parts.inputs.append(floor)
    parts.puck = PuckTwin()
    parts.displays = displays or [DisplayTwin() for _ in range(stations)]
    parts.sign = sign or DisplayTwin()
    parts.dice = RngDice(StreamBits(good_reader()))
    parts.watchdog = WatchdogTwin()
    parts.storage = MemoryStorage()
    parts.memory = CriticalMemory(parts.storage)
    cabinet, effects = start(Settings(stations=stations, credits=credits, **settings),
                             parts.memory, (), 0)
    loop = Loop(cabinet, parts)
    loop.carry_out(effects, 0)
    loop.send((KEY, True), 0)
    loop.send((KEY, False), 0)
    return loop, parts, cabinet
