"""`host_tools web`: the cabinet in a browser, built as a static folder (build/web) and served
with the standard library's http.server (`make web`).

The page (web/) runs the firmware unchanged on MicroPython's WebAssembly port, the one pinned for
the tests (tests/mp/node_modules). The build copies it all in: the port, the page, the firmware's
engine, cabinet and the drivers of the RNG path and storage (byte for byte), the simulator's dice
twin for dice scripts, and writes what the page reads: the Help paytables for every choice of
house rules the page offers (help.json, from the odds report as the flash tool's /help.json),
the panel's keys (the simulator's), the house rules' choices, and the list of files the service
worker keeps for offline play.
"""
import hashlib
import http.server
import itertools
import json
import os
import shutil
import sys
from functools import partial

from craps.house import HouseRules, rule_choices, rule_names
from host_tools import FIRMWARE, helppages
from host_tools.sim import keys

ROOT = os.path.dirname(FIRMWARE)
PAGE = os.path.join(ROOT, "web")
PORT_DIR = os.path.join(ROOT, "tests", "mp", "node_modules", "@micropython",
                        "micropython-webassembly-pyscript")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
# The firmware the page runs: what terminal/ imports, and the drivers of the RNG path and storage.
FIRMWARE_FILES = ["craps/*", "terminal/*", "drivers/__init__.py", "drivers/drbg.py",
                  "drivers/entropy.py", "drivers/health.py", "drivers/rng_dice.py",
                  "drivers/storage.py"]
# Other Python the page runs, copied unchanged: (source, name in the page's filesystem).
GLUE = (("web/webcabinet.py", "webcabinet.py"), ("host_tools/sim/dice.py", "sim_dice.py"))
PAGE_FILES = ("index.html", "style.css", "main.js", "layout.js", "panel.js", "icon.svg",
              "manifest.webmanifest")
WORKER = "sw.js"
UNBUILT = 'const BUILD = { version: "unbuilt", files: [] };'  # sw.js's line the build fills in


def add_arguments(parser):
    parser.add_argument("--out", default=os.path.join("build", "web"), help="the folder to build")
    parser.add_argument("--serve", type=int, metavar="PORT",
                        help="then serve it on http://localhost:PORT/ (Ctrl-C stops)")


def python_files():
    """(source path, path in the page's filesystem) of every Python file the page runs."""
    files = []
    for pattern in FIRMWARE_FILES:
        folder, name = pattern.split("/")
        names = sorted(n for n in os.listdir(os.path.join(FIRMWARE, folder)) if n.endswith(".py"))
        files += [(os.path.join(FIRMWARE, folder, n), folder + "/" + n)
                  for n in names if name in ("*", n)]
    return files + [(os.path.join(ROOT, src), name) for src, name in GLUE]


def rule_sets():
    """Every choice of house rules the page offers: each rule with a list of choices (the
    limits, free numbers, change no page)."""
    names = [n for n in rule_names() if rule_choices(n) is not None]
    for values in itertools.product(*(rule_choices(n) for n in names)):
        yield HouseRules(dict(zip(names, values)))


def paytables():
    """{"pages": [page, ...], "sets": {help_key: [page index, ...]}}: each page stored once."""
    sys.path.insert(0, PAGE)
    try:
        from webcabinet import help_key
    finally:
        sys.path.remove(PAGE)
    pages, index, sets = [], {}, {}
    known = {}  # pages worked out once for every set that shows them (helppages.build)
    for rules in rule_sets():
        at = []
        for page in helppages.build(rules, known):
            if page not in index:
                index[page] = len(pages)
                pages.append(page)
            at.append(index[page])
        sets[help_key(rules)] = at
    return {"pages": pages, "sets": sets}


def setup():
    """What the page's panel and settings need: the keys, the chips bought by one key, the house
    rules' choices and defaults."""
    defaults = HouseRules().as_dict()
    return {"panel": keys.PANEL, "cabinet": keys.CABINET, "credits_in": keys.CREDITS_IN,
            "rules": [[n.replace("_", "-"), rule_choices(n), defaults[n]] for n in rule_names()]}


def build(out):
    """Build the page in `out` (emptied first); returns the files written, as served paths."""
    missing = [n for n in PORT_FILES if not os.path.exists(os.path.join(PORT_DIR, n))]
    if missing:
        raise OSError("the MicroPython WebAssembly port is not installed (%s): run "
                      "`npm ci --prefix tests/mp` (make test does)" % ", ".join(missing))
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    served = []

    def copy(src, name):
        os.makedirs(os.path.dirname(os.path.join(out, name)), exist_ok=True)
        shutil.copyfile(src, os.path.join(out, name))
        served.append(name)

    def write(name, doc):
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            json.dump(doc, f, separators=(",", ":"))
        served.append(name)

    for name in PAGE_FILES:
        copy(os.path.join(PAGE, name), name)
    for name in PORT_FILES:
        copy(os.path.join(PORT_DIR, name), "mp/" + name)
    py = python_files()
    for src, name in py:
        copy(src, "py/" + name)
    write("help.json", paytables())
    write("setup.json", dict(setup(), python=[name for _, name in py]))
    digest = hashlib.sha256()
    for name in sorted(served):
        with open(os.path.join(out, name), "rb") as f:
            digest.update(name.encode() + b"\0" + f.read())
    build = {"version": digest.hexdigest()[:16], "files": ["./"] + sorted(served)}
    with open(os.path.join(PAGE, WORKER), encoding="utf-8") as f:
        worker = f.read()
    if UNBUILT not in worker:
        raise OSError("web/%s has lost its line %s" % (WORKER, UNBUILT))
    with open(os.path.join(out, WORKER), "w", encoding="utf-8") as f:
        f.write(worker.replace(UNBUILT, "const BUILD = %s;" % json.dumps(build)))
    return served + [WORKER]


class Handler(http.server.SimpleHTTPRequestHandler):
    # Not every system's MIME table knows these, and a browser refuses a module or a
    # WebAssembly stream served as anything else.
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **{
        ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json", ".json": "application/json",
        ".py": "text/plain", ".svg": "image/svg+xml"})


class QuietHandler(Handler):
    def log_message(self, *args):
        pass  # the tests' server: a request is no news


def serve(folder, port, bind="127.0.0.1", quiet=False):
    """An HTTP server for the folder (the caller runs serve_forever, or a test its thread)."""
    handler = QuietHandler if quiet else Handler
    return http.server.ThreadingHTTPServer((bind, port), partial(handler, directory=folder))


def main(args):
    try:
        files = build(args.out)
    except OSError as e:
        print("web: %s" % e, file=sys.stderr)
        return 2
    size = sum(os.path.getsize(os.path.join(args.out, n)) for n in files)
    print("web: %d files, %d bytes in %s" % (len(files), size, args.out))
    if args.serve is None:
        return 0
    try:
        server = serve(args.out, args.serve)
    except OSError as e:
        print("web: cannot serve on port %d: %s" % (args.serve, e), file=sys.stderr)
        return 2
    print("web: the cabinet on http://localhost:%d/ (Ctrl-C stops)" % args.serve)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
