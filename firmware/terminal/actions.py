# What the panel's money and game buttons do at the table, once the cabinet has let the press
# through (betting open, the station not locked). Each takes (cabinet, station, now_ms, effects);
# a refusal raises a craps.errors.Refusal that the cabinet shows on the station's display.
from craps.errors import (Refusal, BadNumber, NoSuchWager, NotShooter, NotEnoughCredits,
                          NoFlatBet)
from craps.wagers import LINE, COME, FIXED_NUMBER, UNITS
from terminal import buttons, screens

_BY_KIND = LINE + COME + tuple(FIXED_NUMBER)  # wagers the table names without a number


def spot(cab, s):
    """The selected spot as the table names it: (kind, number, on); odds name their flat bet,
    or (None, number, None) when there is none to take odds behind."""
    kind, number = cab.panels[s].spot
    t = cab.table
    if kind in LINE:
        return kind, t.point, None  # a line bet sits on the point
    if kind in FIXED_NUMBER:
        return kind, FIXED_NUMBER[kind], None  # big 6 and big 8 sit on their number
    if kind != "odds":
        return kind, number, None
    backed = flats(t, s, number)
    if not backed:
        return None, number, None
    return "odds", number, backed[cab.panels[s].odds_pick % len(backed)]


def flats(t, s, number):
    """The flat bets of station s on `number` that odds can go behind, in the order ODDS
    pressed again on the same number picks them: the line on the point, come, don't come, put."""
    out = [on for on in LINE if t.point == number and t.find(s, on, number)]
    return out + [on for on in ("come", "dont_come", "put") if t.find(s, on, number)]


def chosen(cab, s):
    kind, number, on = spot(cab, s)
    if kind is None:
        raise NoFlatBet("no line or come bet on %d to take odds behind" % number)
    return kind, number, on


def bet(cab, s, now_ms, out):
    kind, number, on = chosen(cab, s)
    amount = cab.panels[s].chip_value() * UNITS.get(kind, 1)
    place(cab, s, kind, number, on, amount)
    cab.panels[s].message = "%s +%d" % (screens.label(kind, number, on), amount)


def place(cab, s, kind, number, on, amount):
    if kind in COME and number:
        raise BadNumber("come bets go in the box: press COME or DONT COME")
    if kind == "odds":
        cab.table.odds(s, on, amount, number)
    else:
        # The table takes a line, come or big 6/8 bet by its kind alone; the number spot()
        # gives is where it sits (the point, its come number, 6 or 8), for finding it.
        cab.table.bet(s, kind, amount, 0 if kind in _BY_KIND else number)


def take_down(cab, s, now_ms, out):
    kind, number, on = chosen(cab, s)
    back = cab.table.remove(s, kind, number, on=on)
    cab.panels[s].message = "%s DOWN +%d" % (screens.label(kind, number, on), back)


def working(cab, s, now_ms, out):
    kind, number, on = chosen(cab, s)
    w = cab.table.find(s, kind, number, on)
    if w is None:
        raise NoSuchWager("there is no bet there to call on or off")
    cab.table.set_working(s, kind, not w.works_on_come_out(), number, on)
    cab.panels[s].message = "%s %s" % (screens.label(kind, number, on),
                                       "WORKING" if w.works_on_come_out() else "OFF")


def rounds(table, stations):
    """Each station's wagers as the roll is called, named as Table.stand() names them (a line
    bet and the odds behind it by kind alone, big 6/8 too): what REPEAT brings back."""
    out = [[] for _ in range(stations)]
    for w in table.wagers:
        number = 0 if w.kind in LINE or w.kind in FIXED_NUMBER or w.on in LINE else w.number
        out[w.player].append((w.kind, number, w.on, w.amount, w.working))
    return out


def repeat(cab, s, now_ms, out):
    """The station's layout as the last roll was called, stood up again as the rules allow
    now: each spot brought up to its stake then (a place bet still up is not doubled). What
    cannot be made now (a pass bet with the puck ON, a come bet with it OFF, odds with no flat
    bet, a travelled come bet, too few credits) is skipped and named on the display."""
    bets = cab.panels[s].last_round
    if not bets:
        raise NoSuchWager("no bets from the last round to repeat")
    skipped = []
    for kind, number, on, amount, working in bets:
        try:
            cab.table.stand(s, kind, amount, number, on, working)
        except Refusal:
            skipped.append(screens.label(kind, number, on))  # the rest still go down
    message = "REPEAT %d OF %d" % (len(bets) - len(skipped), len(bets))
    if skipped:
        message += " SKIPPED " + ", ".join(skipped)
    cab.panels[s].message = message


def roll(cab, s, now_ms, out):
    shooter = cab.shooter()
    if shooter is None:  # with nothing on the layout nobody rolls, the house included
        raise NotShooter("the house rolls" if cab.table.wagers else "bet the line to shoot")
    if shooter != s:
        raise NotShooter("S%d shoots" % (shooter + 1))
    if cab.table.next_shooter() != s:
        raise NotShooter("bet the line to shoot")  # the dice are yours: the line bet is not
    cab.call_no_more_bets(now_ms)


def pass_dice(cab, s, now_ms, out):
    if cab.keeper not in (None, s):
        raise NotShooter("only the shooter can pass the dice")
    cab.table.pass_dice(s)
    cab.keeper = None
    cab.offer = None
    cab.panels[s].message = "DICE PASSED"


def cash_out(cab, s, now_ms, out):
    credits = cab.table.credits[s]
    if not credits:
        raise NotEnoughCredits("nothing to cash out")
    cab.table.credits[s] = 0
    cab.meters.add("credits_out", credits)
    cab.panels[s].handpay = credits
    cab.panels[s].message = "WAIT FOR THE ATTENDANT"
    cab.signal(s, "handpay")  # once the cash-out is saved

ACTIONS = {buttons.BET: bet, buttons.TAKE_DOWN: take_down, buttons.WORKING: working,
           buttons.REPEAT: repeat, buttons.ROLL: roll, buttons.PASS_DICE: pass_dice,
           buttons.CASH_OUT: cash_out}
