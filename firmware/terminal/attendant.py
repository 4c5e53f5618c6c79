# What the panel's buttons do while the attendant key is on. The buttons are those of the small
# panel, so every board has them; each action goes into the audit log.
#   CHIP      the meters, a page a press (HELP too)
#   DONT PASS recall, a roll a press (RECALL too)
#   COME      the audit log's newest entries
#   PASS      a dice change is recorded (a die lost or changed)
#   ODDS      shaker boards: the attendant's reading of a disputed roll (a no-roll was
#             reported on it), each press the next pair of faces
#   BET       shaker boards: the reading shown is the roll: it is settled, logged with the
#             reader's own reading
#   ROLL      the roll is void: the dice are shaken, or drawn from the RNG, again when the key
#             turns off. On an RNG board this is all the attendant can do about a roll: the
#             RNG's outcome is never chosen
#   CASH OUT  this station's handpay is paid
#   TAKE DOWN (BET held on the production boards) the board's attendant_credit_step of credits
#             on this station's meter, metered as the attendant's (the small panel has no
#             ninth button: a board without TAKE DOWN has no attendant credit)
from craps.wagers import hop_dice
from terminal import buttons
from terminal.buttons import CYCLES
from terminal.meters import ATTENDANT
from terminal.panel import TABLE, RECALL

METERS = "meters"  # the attendant's views of a station's display
AUDIT = "audit"
PAGE = 4  # meter lines a page
READINGS = tuple(hop_dice(code) for _, code in CYCLES["hop"])  # 1-1, 1-2 ... 6-6
HINT = ("KEY: CHIP METERS, ODDS/BET DECIDE, ROLL RESHAKE, PASS DICE CHANGE, CASH OUT PAID, "
        "TAKE DOWN CREDIT")


def press(cab, s, button, now_ms, out):
    """Station s's button with the key on. Returns a refusal message, or None."""
    panel = cab.panels[s]
    if button in (buttons.CHIP, buttons.HELP):
        panel.turn_page(METERS, pages(meter_lines(cab)))
    elif button in ("dont_pass", buttons.RECALL):
        panel.turn_page(RECALL, cab.recall_pages())
    elif button == "come":
        panel.turn_page(AUDIT, 1)
    elif button == "pass":
        cab.meters.add("dice_changes")
        cab.log(now_ms, "DICE CHANGED")
        panel.message = "DICE CHANGE RECORDED"
    elif button == buttons.CASH_OUT:
        if not panel.handpay:
            return "no handpay at this station"
        confirm_handpay(cab, s, now_ms)
    elif button in ("odds", buttons.BET, buttons.ROLL):
        return _dispute(cab, button, now_ms, out)
    elif button == buttons.TAKE_DOWN:
        return credit(cab, s, now_ms)
    else:
        return HINT
    return None


def view(cab, s):
    """Station s's display in an attendant's view."""
    panel = cab.panels[s]
    if panel.view == AUDIT:
        entries = cab.audit.entries[-PAGE:]
        lines = ["%d %s %s" % (e[0], e[4], e[5]) for e in entries] or ["NO ENTRIES"]
        return ("AUDIT LOG",) + tuple(lines) + ("HASH " + cab.audit.head()[:8],)
    lines = meter_lines(cab)
    return ("METERS %d/%d" % (panel.page + 1, pages(lines)),) + \
        tuple(lines[panel.page * PAGE:(panel.page + 1) * PAGE])


def pages(lines):
    return (len(lines) + PAGE - 1) // PAGE


def meter_lines(cab):
    counts = cab.meters.counts
    lines = ["%s %d" % (name.upper().replace("_", " "), counts[name]) for name in sorted(counts)]
    for kind in sorted(cab.meters.kinds):
        wagered, won = cab.meters.kinds[kind]
        lines.append("%s %d/%d" % (kind.upper(), wagered, won))
    return lines


def _dispute(cab, button, now_ms, out):
    if not cab.awaiting_dice():
        return "no roll is waiting to be decided"
    if button != buttons.ROLL and cab.settings.dice != "shaker":
        return "the RNG draws the dice: ROLL voids the roll, faces are never chosen"
    if button != buttons.ROLL and not cab.no_rolls:
        return "no no-roll was called on this roll: ROLL voids it"
    if button == "odds":
        cab.reading = READINGS[(READINGS.index(cab.reading) + 1) % len(READINGS)] \
            if cab.reading else READINGS[0]
    elif button == buttons.BET:
        if not cab.reading:
            return "choose the reading with ODDS first"
        d1, d2 = cab.reading
        cab.log(now_ms, "READING DECIDED", "%d %d READER %s" % (d1, d2, cab.read))
        cab.decide(d1, d2, now_ms, out)
    else:
        cab.log(now_ms, "RESHAKE ORDERED")
        cab.reshake(now_ms)
    return None


def leave(cab, now_ms):
    """The key turns off: the handpays waiting are paid and the displays go back to the game."""
    cab.reading = None
    for s, panel in enumerate(cab.panels):
        if panel.handpay:
            confirm_handpay(cab, s, now_ms)
        if panel.view in (METERS, AUDIT):
            panel.view = TABLE


def credit(cab, s, now_ms):
    """The attendant puts the board's step of credits on station s's meter, logged."""
    step = cab.settings.attendant_credit_step
    why = cab.credit(s, step, ATTENDANT, now_ms)
    if not why:
        cab.log(now_ms, "ATTENDANT CREDIT", "S%d %d" % (s + 1, step))
    return why


def confirm_handpay(cab, s, now_ms):
    panel = cab.panels[s]
    cab.log(now_ms, "HANDPAY PAID", "S%d %d" % (s + 1, panel.handpay))
    panel.message = "HANDPAY %d PAID" % panel.handpay
    panel.handpay = 0
    cab.mark_changed()


def clear_ram_error(cab, now_ms, out):
    """The attendant clears a RAM error: every record is saved anew from what the cabinet holds
    (as far as the records could be played at power-up; a new cabinet's when one could not be
    read, its meters at zero), and the log says which records were damaged, the commits and
    logged actions lost, and the meters the cabinet goes on from."""
    if cab.ram_error:
        cab.log(now_ms, "RAM CLEARED", "%s; %s; %s" % (" ".join(cab.ram_error), cab.lost,
                                                       books(cab)))
        cab.rewrite_records(out)


def set_up(cab, now_ms, out):
    """The attendant sets up a new cabinet (its memory was empty): the meters start at zero,
    and the log says so."""
    cab.new_meters()
    cab.log(now_ms, "CABINET SET UP", books(cab))
    cab.rewrite_records(out)


def books(cab):
    """The meters the self-audit balances, and the games, on one line."""
    counts = cab.meters.counts
    return "IN %d OUT %d WON %d LOST %d GAMES %d" % (
        counts["credits_in"], counts["credits_out"], counts["won"], counts["lost"],
        counts["games"])
