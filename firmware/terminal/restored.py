# What a power-up restores, checked before the cabinet carries on from it (persistence.py): a
# record whose CRC holds can still be forged, or written by a firmware that kept other fields,
# and a field of the wrong type or range must be a RAM error naming it, never a crash later in
# play. Start-up alone imports this and drops it after (startup.py): its shapes take no heap
# during play, where the busiest cabinet needs every block.
from craps.house import POINTS
from craps.wagers import KINDS, is_spot
from terminal.meters import COUNTS, WRAP
from terminal.shapes import BadShape, Each, Either, Fixed, Whole, check

METER = Whole(0, WRAP - 1)
DIE = Whole(1, 6)
# Meters.dump(): the last of audited is the credits held, up to 8 stations' meters and stakes
METERS = {"counts": Each(METER), "kinds": Each(Fixed(METER, METER)),
          "audited": Fixed(METER, METER, METER, METER, Whole(0, 100 * WRAP))}
# Persistence.state() but its layout, which layout.load() checks
STATE = {"commit": int, "rules": Each(Either(int, str, bool)), "layout": dict, "tilt": str,
         "no_rolls": METER, "read": str, "keeper": Either(None, int), "door": bool,
         "attendant": bool, "handpays": [METER], "meters": METERS, "history": [Fixed(DIE, DIE)]}
# Persistence._base(): each roll's dice, the puck before it, each station's spot, net, spot...
# (the puck, the stations and each spot and net checked by _recall)
RECALL = [Fixed(Fixed(DIE, DIE), int, [list])]
# AuditLog.dump(): n, commit, power-up, ms, action, detail, hash an entry
LOG = {"base": str, "entries": [Fixed(int, int, int, int, str, str, str)]}


def state(data, stations):
    """BadShape unless data is a state this cabinet of `stations` can carry on from."""
    check(data, STATE, "state")
    for name in data["meters"]["counts"]:
        if name not in COUNTS:
            raise BadShape("state.meters.counts has no meter called %s" % name)
    for kind in data["meters"]["kinds"]:
        if kind not in KINDS and kind != "odds":
            raise BadShape("state.meters.kinds has no wager called %s" % kind)
    if len(data["handpays"]) != stations:
        raise BadShape("state.handpays has %d stations, the board %d" % (
            len(data["handpays"]), stations))
    if data["keeper"] is not None and not 0 <= data["keeper"] < stations:
        raise BadShape("state.keeper is no station: %d" % data["keeper"])
    if "recall" in data:  # (a base's)
        _recall(check(data["recall"], RECALL, "state.recall"), stations)


def _recall(recall, stations):
    for _, point, results in recall:
        if point != 0 and point not in POINTS:
            raise BadShape("state.recall has a puck on %d" % point)
        if len(results) != stations:
            raise BadShape("state.recall has %d stations, the board %d" % (len(results),
                                                                         stations))
        for mine in results:
            if len(mine) % 2:
                raise BadShape("state.recall has a spot without its net")
            for i in range(0, len(mine), 2):
                at, net = mine[i], mine[i + 1]
                if not is_spot(at):
                    raise BadShape("state.recall has no spot %s" % (at,))
                if type(net) is not int:
                    raise BadShape("state.recall has a net of %s" % (net,))


def audit_log(data):
    """BadShape unless data is an audit log as AuditLog.dump() makes it."""
    check(data, LOG, "audit")
