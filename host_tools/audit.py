"""`host_tools audit`: the attendant's audit log (firmware/terminal/audit.py) from a board or a
storage folder: its entries, the newest hash (the one the attendant's audit view shows, which
pins every entry), the chain checked by terminal.audit.check, and the meters of the saved state
(its journal played as at power-up).

Exit 0: the chain holds; 1: it breaks (where is printed) or a record is damaged; 2: the records
cannot be read at all.
"""
import sys

from host_tools import records
from host_tools.records import BadRecord
from terminal.audit import AuditLog, check
from terminal.memory import RamError
from terminal.meters import COUNTS
from terminal.restored import LOG



def add_arguments(parser):
    records.add_arguments(parser)


def main(args, out=None):
    out = out or sys.stdout
    try:
        memory = records.open_memory(args)
        log = memory.load("audit")
        if log is not None:
            records.check(log, LOG, "audit")
        state = records.played(memory)[0]
    except records.NoRecords as e:
        print("audit: %s" % e, file=sys.stderr)
        return 2
    except BadRecord as e:
        out.write("a record is malformed: %s\n" % e)
        return 1
    except RamError as e:
        print("audit: damaged record: %s" % e, file=sys.stderr)
        return 1
    if log is None and state is None:
        print("audit: %s holds no cabinet records (a new cabinet, not set up yet, or a memory "
              "wiped whole)" % (args.dir or args.port), file=sys.stderr)
        return 2
    if state is not None:
        show_meters(state, out)
    if log is None:
        out.write("no audit log: no attendant action yet\n")
        return 0
    show_log(log, out)
    broken = check(log)
    if broken:
        out.write("chain BROKEN: %s\n" % broken)
        return 1
    out.write("chain holds: %d entries\n" % len(log["entries"]))
    return 0


def show_log(log, out):
    out.write("%5s  %8s  %10s  %-14s  %s\n" % ("n", "power-up", "ms", "action", "detail"))
    for n, _, power_up, ms, action, detail, _ in log["entries"]:
        out.write("%5s  %8s  %10s  %-14s  %s\n" % (n, power_up, ms, action, detail))
    out.write("newest hash: %s\n" % AuditLog(log).head())


def show_meters(state, out):
    meters = state["meters"]
    counts = meters["counts"]
    out.write("meters (saved state %s):\n" % state["commit"])
    for name in COUNTS:  # the cabinet's own order
        out.write("  %-14s %12s\n" % (name, counts.get(name, "-")))
    out.write("  %-14s %12s %12s\n" % ("by wager", "wagered", "won"))
    for kind, (wagered, won) in sorted(meters["kinds"].items()):
        out.write("  %-14s %12s %12s\n" % (kind, wagered, won))
