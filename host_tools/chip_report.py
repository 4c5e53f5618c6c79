"""`make chip`'s table of figures (host_tools/chip.py measures them): per board the boot, each
key's first write and action, the coin trains, the heap over busy rolls, the busy roll; all in
the emulated chip's time."""
from host_tools.chip_coins import tally

BETS = "PLACE YOUR BETS"


def spread(values):
    """"median / max" of numbers, or "-"."""
    values = sorted(v for v in values if v is not None)
    if not values:
        return "-"
    return "%.1f / %.1f" % (values[len(values) // 2], values[-1])


def heap_summary(figures, chip_s, wall_s):
    """What the heap part says in one line (figures: mem_info_figures's, roll 0 first)."""
    rolled = [f for f in figures if f[0] > 0]
    if not rolled:
        return "no roll measured"
    n = rolled[-1][0]
    low = min(rolled, key=lambda f: f[2])
    chip_ms = sum(f[3] for f in rolled)  # the chip's own clock over the rolls (the emulator's
    # also counts the idle time turbo skips while mpremote sends the script, or after a timeout)
    return ("largest free block over %d busy rolls: %d B at its smallest (roll %d), %d B after "
            "the last (goal >= 16,384 B over 1,000); 1,000 rolls: about %.0f s of the chip's "
            "time, %.0f min of this machine's (this run: %.0f s and %.0f s for %d)" % (
                n, low[2], low[0], rolled[-1][2], chip_ms / n, wall_s * 1000 / n / 60,
                chip_ms / 1000, wall_s, n))


def report(results, args, out):
    """The table of figures (emulated time)."""
    out.write("\nmake chip: figures in emulated time (rp2040js, MicroPython 1.28.0 rp2, 125 MHz; "
              "flash erase/program time and core 1 not modelled, I2C at 400 kHz)\nfirmware: %s\n"
              % (getattr(args, "firmware", None) or "the kit's stock MicroPython, the program "
                 "in .mpy files"))
    for name, got in results.items():
        b = got.get("boot", {})
        new, boot = b.get("new", {}), b.get("boot", {})
        out.write("\n== %s\n" % name)
        out.write("boot: new cabinet to its set-up tilt %s ms; power-on to %s %s ms; program "
                  "check %s ms\n" % (new.get("setup_ms", "-"), BETS, boot.get("bets_ms", "-"),
                                     boot.get("check_ms", "-")))
        if "phases" in boot:
            out.write("  its phases (ms): %s\n" % boot["phases"])
        report_keys(got.get("keys"), out)
        report_coins(got.get("coins"), out)
        if "heap" in got:
            report_heap(got["heap"], out)
        if "roll" in got:
            figures, text = got["roll"]
            if figures:
                out.write("busy roll on the chip: %.2f ms (Table.roll alone, the fastest batch "
                          "of 100 of %d)\n" % (figures["busy_roll_us"] / 1000, args.batches))
            else:
                out.write("busy roll: no figure: %s\n" % text.strip()[-200:])
        if "cut" in got:
            figures, text = got["cut"]
            if figures:
                out.write("start-up after a cut with the newer journal at its longest (8 "
                          "stations, %d entries in both): %.0f ms (start() alone, the fastest "
                          "of 3)\n"
                          % (figures["boot_8st_entries"], figures["boot_8st_ms"]))
                if "records_ms" in figures:
                    out.write("  of it, each step alone: every record read %.0f ms; the newer "
                              "base checked and its layout restored %.0f ms; its journal's %d "
                              "entries parsed %.0f ms; the rest is playing them (a layout "
                              "restored and the dice settled a roll)\n" % (
                                  figures["records_ms"], figures["base_ms"],
                                  figures["entries"], figures["entries_ms"]))
            else:
                out.write("start-up after a cut: no figure: %s\n" % text.strip()[-200:])
        if "floor" in got:
            report_floor(*got["floor"], out=out)
        out.write("flash ops: %s\n" % got.get("flashops", "-"))


def per_key(rows):
    """[(label, presses, first writes, actions, an action's screen)] from measure_keys's rows
    (a row a press), in the order first pressed."""
    out = {}
    for label, first_ms, action_ms, screen in rows:
        got = out.setdefault(label, [label, 0, [], [], ""])
        got[1] += 1
        got[2].append(first_ms)
        got[3].append(action_ms)
        got[4] = got[4] or screen
    return [tuple(v) for v in out.values()]


def report_keys(rows, out):
    if not rows:
        return
    out.write("keys (ms after the press, median / max over its presses: the first write on its "
              "station's display, or the sign for ROLL; the action: the first write showing "
              "what it did):\n")
    for label, n, firsts, actions, screen in per_key(rows):
        missed = sum(1 for a in actions if a is None)
        out.write("  %-15s %2dx  first %-13s action %-13s%s  each: %s  %s\n" % (
            label, n, spread(firsts), spread(actions),
            " (%d with none)" % missed if missed else "",
            ",".join("-" if a is None else "%.1f" % a for a in actions), screen[:50]))
    out.write("  all %d presses: first write %s ms, action %s ms; %d with no action seen within "
              "the cap\n" % (len(rows), spread(r[1] for r in rows), spread(r[2] for r in rows),
                              sum(1 for r in rows if r[2] is None)))


def report_coins(rows, out):
    if not rows:
        return
    out.write("coins (acceptor meter's move over each train; the display's CREDITS IN; flash "
              "erases/programs meanwhile):\n")
    for r in rows:
        if r.get("skipped"):  # an armed train that never started
            out.write("  %-44s %s\n" % (r["train"], r["outcome"]))
            continue
        out.write("  %-44s +%-3d %-14s %2d/%-3d %s\n" % (
            r["train"], r["credited"], ",".join(map(str, r["shown"])) or "-", r["erases"],
            r["programs"], r["outcome"]))
    out.write("  valid trains credited exactly %d of %d; bad trains tilted %d of %d\n" % tally(
        rows))


def report_floor(figures, text, out):
    steps = figures.get("steps")
    if not steps:
        tail = [x for x in text.strip().splitlines() if x.strip()][-3:]
        out.write("floor: no figure: %s\n" % " / ".join(tail))
        return
    bare = steps["step_us"]
    out.write("a loop step with the floor port (1 station, the line's twin; median of 401, us, "
              "and more than without): no port %d; %s\n" % (bare, "; ".join(
                  "%s %d (+%d)" % (name, steps[key], steps[key] - bare) for name, key in (
                      ("the port, the line idle", "idle_port_step_us"),
                      ("answering a general poll", "general_poll_step_us"),
                      ("a 1C meters poll", "meters_poll_step_us")))))


def report_heap(heap, out):
    figures, text = heap["figures"], heap["text"]
    if figures:
        out.write("heap (free / largest free block, bytes; the chip's ms for the rolls since):\n")
        for n, free, largest, ms in figures:
            out.write("  roll %4d  %7d  %7d  %6d ms\n" % (n, free, largest, ms))
    out.write("  %s\n" % heap_summary(figures, heap["chip_s"], heap["wall_s"]))
    tail = [x for x in text.strip().splitlines() if x.strip()][-3:]
    if not figures or "Error" in text:
        out.write("  heap script said: %s\n" % " / ".join(tail))
