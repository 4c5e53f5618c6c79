# The exceptions the floor port reports (terminal/sas.py), one at each general poll, oldest
# first: found by looking at the cabinet between its events for what changed since the last
# look, so that the cabinet knows nothing of the floor. Codes are SAS's general poll exceptions.
from terminal.cabinet import DOOR_OPEN
from terminal.meters import WRAP

NO_ACTIVITY = 0x00
DOOR_OPENED = 0x11  # the slot door
DOOR_CLOSED = 0x12
POWER_APPLIED = 0x17
GENERAL_TILT = 0x20
BUFFER_OVERFLOW = 0x70
HANDPAY_PENDING = 0x51
HANDPAY_RESET = 0x52
GAME_STARTED = 0x7E  # the bets are closed for a roll
GAME_ENDED = 0x7F  # the roll is settled
QUEUE = 20  # exceptions kept for the host, as SAS asks at least; more are lost, and said so


class Watch:
    def __init__(self):
        self.queue = [POWER_APPLIED]  # the port starts at power-up
        self.overflow = False
        self._door = False
        self._tilt = ""
        self._started = False  # the game in play was reported started
        self._games = None  # the games meter at the last look; None: not looked yet
        self._handpays = None  # each station's handpay at the last look

    def next(self):
        """The exception for a general poll: the oldest, or NO_ACTIVITY."""
        if self.overflow:
            self.overflow = False
            return BUFFER_OVERFLOW
        return self.queue.pop(0) if self.queue else NO_ACTIVITY

    # look() is every loop step's: it and what it calls keep their frames within 11 slots and
    # make no enumerate, so that an idle step gives the heap nothing (see terminal/loop.py).

    def look(self, cabinet):
        """What changed in the cabinet since the last look, queued (nothing is made when
        nothing changed: the loop looks every step)."""
        if self._games is None:
            self._games = cabinet.meters.counts["games"]
            self._handpays = [0] * len(cabinet.panels)
        if cabinet.door != self._door:
            self._door = cabinet.door
            self._add(DOOR_OPENED if self._door else DOOR_CLOSED)
        if cabinet.tilt != self._tilt:
            self._tilt = cabinet.tilt
            if self._tilt and self._tilt != DOOR_OPEN:  # (the door's own exception says it)
                self._add(GENERAL_TILT)
        games = cabinet.meters.counts["games"]  # (the calls only when something changed)
        if games != self._games or not (self._started or cabinet.table.betting_open):
            self._look_games(cabinet, games)
        handpays, panels = self._handpays, cabinet.panels
        s = 0
        while s < len(handpays):
            if panels[s].handpay != handpays[s]:
                self._look_handpay(s, panels[s].handpay)
            s += 1

    def _look_games(self, cabinet, games):
        # A game is a roll: started when the bets close, ended when it is settled (the games
        # meter counts each, so that a roll drawn between two looks is not missed).
        settled = min((games - self._games) % WRAP, QUEUE)
        self._games = games
        while settled:
            if not self._started:
                self._add(GAME_STARTED)
            self._add(GAME_ENDED)
            self._started = False
            settled -= 1
        if not cabinet.table.betting_open and not self._started:
            self._add(GAME_STARTED)
            self._started = True

    def _look_handpay(self, s, handpay):
        self._add(HANDPAY_PENDING if handpay > self._handpays[s] else HANDPAY_RESET)
        self._handpays[s] = handpay

    def _add(self, code):
        if len(self.queue) >= QUEUE:
            self.overflow = True
        else:
            self.queue.append(code)
