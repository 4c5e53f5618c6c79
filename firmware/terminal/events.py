# What goes into the cabinet's state machine and what comes out of it: tuples whose first item
# names them. Drivers turn hardware into events and draw effects; the machine sees neither.

# Events: Cabinet.handle(event, now_ms)
PRESS = "press"  # (PRESS, station, button): a panel button went down (buttons.py names them)
RELEASE = "release"  # (RELEASE, station, button)
HOLD = "hold"  # (HOLD, station, button, long_button): the key just pressed as button becomes
#                long_button if held on (a PRESS of it then): the display says so
TICK = "tick"  # (TICK,): time passing, so timers and animations move on
DICE = "dice"  # (DICE, d1, d2): the dice source's result
NO_ROLL = "no_roll"  # (NO_ROLL, reason): the dice source could not call the roll
CREDITS_IN = "credits_in"  # (CREDITS_IN, station, credits)
KEY = "key"  # (KEY, True or False): the attendant key turned on or off
FAULT = "fault"  # (FAULT, reason): a driver or the firmware failed (an RNG health test, an
#                  unexpected error): the cabinet tilts at once, whatever it was doing
DOOR = "door"  # (DOOR, True or False): the cabinet's door opened or shut
RAM_ERROR = "ram_error"  # (RAM_ERROR, name): the record in critical memory is not what was
#                          saved (a VERIFY found it): a tilt until the attendant clears it
FLOOR_PLAY = "floor_play"  # (FLOOR_PLAY, True or False): the floor system enabled or disabled
#                            play (terminal/sas.py); disabled, the cabinet takes no bet
HANDPAY_RESET = "handpay_reset"  # (HANDPAY_RESET, station): the floor system reset station's
#                                  handpay: paid, as the attendant's key would confirm it
SERVICE = "service"  # (SERVICE,): the board powered up in service mode (the attendant key held,
#                      the door open): its console is open, and the audit log says so

# Effects: what handle() returns, in order
PUCK = "puck"  # (PUCK, frame): 7 (r, g, b) lamps: the OFF disc, then over 4, 5, 6, 8, 9, 10
DISPLAY = "display"  # (DISPLAY, station, lines): a station's display, a tuple of text lines
STATUS = "status"  # (STATUS, lines): the cabinet's own sign: phase, shooter, last 20 rolls
ROLL_DICE = "roll_dice"  # (ROLL_DICE,): ask the dice source for a roll
SIGNAL = "signal"  # (SIGNAL, station, name): a beep or blink: "refused", "win", "handpay"
PERSIST = "persist"  # (PERSIST, name, record): save this record in critical memory before the
#                      effects after it (terminal/memory.py); a record is plain JSON data
VERIFY = "verify"  # (VERIFY, name): re-read the record's copies in critical memory; if they are
#                    not what was saved, save none of the effects after it and then send
#                    (RAM_ERROR, name)

# A dice source (the RNG dice, the shaker and their twins) has two methods:
#   start(now_ms)  begin a roll (on a ROLL_DICE effect)
#   poll(now_ms)   None while the dice are rolling, then one DICE, NO_ROLL or FAULT event


class BadEvent(ValueError):
    """An event the cabinet cannot take: a wiring or driver fault, never a player's doing."""
