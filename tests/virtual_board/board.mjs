// The virtual board: real MicroPython (the pinned WebAssembly port, tests/mp/node_modules) behind a
// pseudo-terminal, answering like an rp2 board on USB so that real `mpremote` can connect, copy
// files, exec, install with mip, soft-reset and reset it.
//
//   node tests/virtual_board/board.mjs [--log FILE] [--no-raw-paste] [--window N] [--uid HEX]
//                                      [--pin GPIO=LEVEL ...]
//
// fd 0 is the master side of a pty, raw and non-blocking (tests/virtual_board/fixture.py opens
// it); mpremote opens the slave side's /dev/pts path. stdout says "ready" once the board is up;
// --log FILE gets every byte the board sends to the port (the console transcript). --pin 22=0
// holds GPIO22 low from power-up (a key switch held: the attendant key's service mode);
// _board.hold("22=0,21=1") from Python sets what is held from the next boot on.
//
// What runs: MicroPython's own REPL (pyexec's event-driven friendly and raw REPL, fed one byte at a
// time) for everything typed. Around it this file adds what the port lacks:
// - raw-paste mode (^E A ^A -> "R\x01", window size, "\x01" per window, "\x04" ack), or with
//   --no-raw-paste the refusal "R\x00", after which mpremote sends in plain raw mode;
// - resets: ^D at an empty raw prompt (or sys.exit()) is a soft reset: "MPY: soft reboot", a fresh
//   VM, boot.py, back to the raw REPL (main.py runs only when the REPL was the friendly one, as on
//   the rp2); machine.reset() is a hard reset: pending input dropped, a fresh VM, boot.py, main.py,
//   the friendly REPL. Every VM is a new WebAssembly instance; the files in /flash carry over, so
//   the filesystem lasts as long as this process;
// - Ctrl-C while main.py runs: the VM cannot be interrupted from outside (runPython is synchronous,
//   and this build polls nothing), so the twins (asyncio's sleeps, machine.idle) call
//   _board.poll(), which reads the port and schedules KeyboardInterrupt on the interrupt character
//   (unless micropython.kbd_intr(-1) turned it off). A loop that never calls them cannot be broken.

import fs from "node:fs";
import path from "node:path";
import tty from "node:tty";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const here = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE = path.join(here, "..", "mp", "node_modules", "@micropython",
  "micropython-webassembly-pyscript", "micropython.mjs");

function die(msg, code = 2) {
  process.stderr.write(`board.mjs: ${msg}\n`);
  process.exit(code);
}

let args;
try {
  args = parseArgs({
    options: {
      log: { type: "string" },
      "no-raw-paste": { type: "boolean", default: false },
      window: { type: "string", default: "512" },
      uid: { type: "string", default: "e6614c311b4e7a2d" },
      pin: { type: "string", multiple: true, default: [] },
    },
  }).values;
} catch (e) {
  die(e.message);
}
const WINDOW = Number(args.window);
if (!(WINDOW > 0 && WINDOW < 65536)) die("--window is 1..65535");
for (const p of args.pin) if (!/^\d+=[01]$/.test(p)) die(`--pin ${p}: GPIO=0 or GPIO=1`);

let loadMicroPython;
try {
  ({ loadMicroPython } = await import(pathToFileURL(PACKAGE).href));
} catch (e) {
  die(`cannot load MicroPython (${e.message}); run: npm ci --prefix tests/mp`);
}

const FD = 0;
if (!tty.isatty(FD)) die("fd 0 is not a pty (start the board through tests/virtual_board/fixture.py)");
const BOOT = fs.readFileSync(path.join(here, "_boot.py"), "utf8");
const ROM = path.join(here, "rom");
const PWRON_RESET = 1, WDT_RESET = 3; // machine.reset_cause() values on the rp2
const FRIENDLY = 0, RAW = 1;
const CTRL_A = 1, CTRL_B = 2, CTRL_C = 3, CTRL_D = 4, CTRL_E = 5;

let vm = null; // the MicroPython instance running now
let mode = FRIENDLY; // which REPL the board is in
let cause = PWRON_RESET;
let request = null; // "hard" or "soft": machine.reset() / soft_reset() asked for a reset
let lineLen = 0; // bytes in the raw REPL's current line
let header = []; // a raw-paste request being recognised (^E A ^A)
let paste = null; // raw-paste data being received: { code: [], count }
let pending = []; // bytes from the port not yet handled
let head = 0;
let wdt = null; // the watchdog's deadline (Date.now() ms): it runs on at the REPL and through
// soft resets, as the rp2's does; only a hard reset stops it

// ---- output to the port ------------------------------------------------------------------------
const log = args.log ? fs.openSync(args.log, "a") : null;
let out = []; // bytes for the port, not yet written
let last = 0; // the last byte sent (to turn a bare \n into \r\n, as the rp2's stdout does)
let mute = 0; // drop the VM's output (a REPL re-entered behind the scenes)
let skip = 0; // drop this many bytes of the VM's output (the "OK" of a raw-paste run)
let tail = ""; // the end of what the VM printed, to see the raw REPL's banner go by
let queue = [], queued = 0, retry = null;
const QUEUE_MAX = 1 << 20;

function fromVM(bytes) {
  for (const b of bytes) {
    if (mute) continue;
    if (skip) { skip--; continue; }
    if (b === 10 && last !== 13) out.push(13);
    out.push(b);
    last = b;
    tail = (tail + String.fromCharCode(b)).slice(-32);
  }
}

function send(data) {
  for (const b of typeof data === "string" ? Buffer.from(data, "latin1") : data) {
    out.push(b);
    last = b;
  }
}

function flush() {
  if (out.length) {
    const buf = Buffer.from(out);
    out = [];
    if (log !== null) fs.writeSync(log, buf);
    queue.push(buf);
    queued += buf.length;
  }
  while (queue.length) {
    let n = 0;
    try {
      n = fs.writeSync(FD, queue[0]);
    } catch (e) {
      if (e.code !== "EAGAIN") { queue = []; queued = 0; return; }
    }
    queued -= n;
    if (n < queue[0].length) { queue[0] = queue[0].subarray(n); break; }
    queue.shift();
  }
  // No one reads the port: drop the oldest, as a USB serial port with no host does.
  while (queued > QUEUE_MAX) queued -= queue.shift().length;
  if (queue.length && !retry) retry = setTimeout(() => { retry = null; flush(); }, 5);
}

// ---- input from the port -----------------------------------------------------------------------
function take(chunk) {
  for (const b of chunk) pending.push(b);
}

function readNow() {
  // Read what the port holds now, without waiting (fd 0 is non-blocking).
  const buf = Buffer.alloc(4096);
  for (;;) {
    let n = 0;
    try {
      n = fs.readSync(FD, buf, 0, buf.length, null);
    } catch (e) {
      break; // EAGAIN: nothing more
    }
    if (n <= 0) break;
    take(buf.subarray(0, n));
  }
}

function programStdin() {
  // sys.stdin for a running program (main.py's read-only console), as the rp2's USB console: a
  // byte typed and not yet taken, or undefined for none, which the port reads as EAGAIN.
  readNow();
  return head < pending.length ? pending[head++] : undefined;
}

function wdtExpired() {
  return wdt !== null && Date.now() > wdt;
}

function poll() {
  // Called by the twins while Python runs: see Ctrl-C, and let output out. True: the watchdog
  // has expired (the twin then resets).
  readNow();
  const intr = vm ? vm._module._mp_hal_get_interrupt_char() : -1;
  if (intr >= 0) {
    const at = pending.indexOf(intr, head);
    if (at >= 0) {
      pending = pending.slice(at + 1); // what was typed before it went to the program it stops
      head = 0;
      vm._module._mp_sched_keyboard_interrupt();
    }
  }
  flush();
  return wdtExpired();
}

setInterval(() => {
  // A watchdog nobody feeds resets the board, also while it sits at the REPL.
  if (wdtExpired() && !pumping) {
    pumping = true;
    reset("hard").catch((e) => process.stderr.write(`board.mjs: ${e?.stack ?? e}\n`))
      .finally(() => { pumping = false; flush(); pump(); });
  }
}, 100).unref();

const input = new tty.ReadStream(FD);
input.on("data", (chunk) => { take(chunk); pump(); });
input.on("error", () => process.exit(0)); // EIO: the other side of the pty is gone
input.on("end", () => process.exit(0));

let pumping = false;
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (head < pending.length) {
      const b = pending[head++];
      if (head > 65536) { pending = pending.slice(head); head = 0; }
      const r = handle(b);
      if (r) await r;
    }
    pending = [];
    head = 0;
  } catch (e) {
    process.stderr.write(`board.mjs: ${e?.stack ?? e}\n`);
  } finally {
    pumping = false;
    flush();
  }
  if (head < pending.length) pump();
}

// ---- the REPL ----------------------------------------------------------------------------------
function handle(b) {
  if (paste) return pasteByte(b);
  if (mode === RAW) {
    if (header.length) {
      header.push(b);
      if (header.length === 2 && b === 0x41) return null;
      if (header.length === 3 && b === CTRL_A) { header = []; return startPaste(); }
      const bytes = header;
      header = [];
      return feedAll(bytes);
    }
    if (b === CTRL_E && lineLen === 0) { header = [b]; return null; }
  }
  return feed(b);
}

function feedAll(bytes) {
  for (let i = 0; i < bytes.length; i++) {
    const r = feed(bytes[i]);
    if (r) {
      pending.splice(head, 0, ...bytes.slice(i + 1));
      return r;
    }
  }
  return null;
}

function feed(b) {
  tail = "";
  let ret = 0;
  try {
    ret = vm.replProcessChar(b);
  } catch (e) {
    process.stderr.write(`board.mjs: the REPL failed: ${e?.stack ?? e}\n`);
  }
  if (mode === FRIENDLY) {
    if (b === CTRL_A && tail.includes("raw REPL; CTRL-B to exit")) { mode = RAW; lineLen = 0; }
  } else if (b === CTRL_B) {
    mode = FRIENDLY;
  } else if (b === CTRL_A || b === CTRL_C || b === CTRL_D) {
    lineLen = 0;
  } else {
    lineLen++;
  }
  return ret ? reset(request || "soft") : null;
}

function startPaste() {
  if (args["no-raw-paste"]) {
    send("R\x00"); // refused: the line stays empty and the code comes in plain raw mode
    return null;
  }
  send(Buffer.from([0x52, 0x01, WINDOW & 0xff, WINDOW >> 8]));
  paste = { code: [], count: 0 };
  flush();
  return null;
}

function pasteByte(b) {
  if (b === CTRL_D || b === CTRL_C) {
    const code = paste.code;
    paste = null;
    send("\x04"); // end of data acknowledged
    if (b === CTRL_C) { send(">"); lineLen = 0; return null; }
    flush();
    // Run it through the raw REPL itself; its "OK" is not part of raw-paste's answer.
    skip = 2;
    for (const c of code) {
      if (c >= CTRL_A && c <= CTRL_D) continue; // cannot reach a raw line: it would end it
      vm.replProcessChar(c);
    }
    return feed(CTRL_D);
  }
  paste.code.push(b);
  if (++paste.count === WINDOW) {
    paste.count = 0;
    send([CTRL_A]); // room for another window
    flush();
  }
  return null;
}

// ---- resets and boots --------------------------------------------------------------------------
async function reset(kind) {
  request = null;
  header = [];
  paste = null;
  lineLen = 0;
  if (kind === "hard") {
    flush();
    wdt = null;
    cause = WDT_RESET; // what the rp2 reports after machine.reset() and after its watchdog
    mode = FRIENDLY;
    readNow(); // the USB port goes away: whatever the host sent is lost
    pending = [];
    head = 0;
  } else {
    send("MPY: soft reboot\r\n");
  }
  return boot();
}

function snapshot(FS, dir, files) {
  for (const name of FS.readdir(dir)) {
    if (name === "." || name === "..") continue;
    const p = dir + "/" + name;
    if (FS.isDir(FS.stat(p).mode)) {
      files.push([p, null]);
      snapshot(FS, p, files);
    } else {
      files.push([p, FS.readFile(p)]);
    }
  }
  return files;
}

function loadRom(FS, hostDir, mpDir) {
  FS.mkdirTree(mpDir);
  for (const ent of fs.readdirSync(hostDir, { withFileTypes: true })) {
    if (ent.name === "__pycache__") continue;
    const host = path.join(hostDir, ent.name);
    if (ent.isDirectory()) loadRom(FS, host, mpDir + "/" + ent.name);
    else FS.writeFile(mpDir + "/" + ent.name, fs.readFileSync(host));
  }
}

function py(code) {
  // Run Python in the VM; returns null, or the PythonError it raised.
  try {
    vm.runPython(code);
    return null;
  } catch (e) {
    if (e?.name !== "PythonError") throw e;
    return e;
  }
}

function runFile(name) {
  // As pyexec_file: run a file from the board's root in __main__; its exception is printed.
  if (!vm.FS.analyzePath("/flash/" + name).exists) return null;
  // pyexec turns Ctrl-C on while a file runs (and off after); runPython does not.
  const err = py(`__import__("micropython").kbd_intr(3)\n` +
    `exec(compile(open(${JSON.stringify(name)}).read(), ${JSON.stringify(name)}, "exec"))`);
  py(`__import__("micropython").kbd_intr(-1)`);
  if (!err) return null;
  if (err.type === "SystemExit") return request || "soft";
  fromVM(Buffer.from(err.message));
  if (request) return request;
  return null;
}

async function boot() {
  const files = vm ? snapshot(vm.FS, "/flash", []) : [];
  vm = null;
  const mp = await loadMicroPython({ stdout: fromVM, stderr: fromVM, stdin: programStdin,
    linebuffer: false });
  mp.FS.mkdirTree("/flash");
  for (const [p, data] of files) {
    if (data === null) mp.FS.mkdirTree(p);
    else mp.FS.writeFile(p, data);
  }
  loadRom(mp.FS, ROM, "/romfs");
  mp.registerJsModule("_board", {
    reset_cause: () => cause,
    hard_reset: () => { request = "hard"; },
    soft_reset: () => { request = request || "soft"; },
    poll,
    unique_id: () => args.uid,
    pins: () => args.pin.join(","),
    hold: (spec) => { args.pin = spec ? String(spec).split(",") : []; }, // from the next boot on
    wdt_feed: (ms) => { if (!wdtExpired()) wdt = Date.now() + ms; return wdtExpired(); },
  });
  vm = mp;
  const err = py(`exec(compile(${JSON.stringify(BOOT)}, "_boot.py", "exec"), {"__name__": "_boot"})`);
  if (err) throw new Error(`_boot.py failed: ${err.message}`);
  let kind = runFile("boot.py");
  if (!kind && mode === FRIENDLY) kind = runFile("main.py");
  if (kind) {
    request = null;
    if (kind === "soft") send("MPY: soft reboot\r\n");
    else { flush(); wdt = null; cause = WDT_RESET; mode = FRIENDLY; readNow(); pending = []; head = 0; }
    return boot();
  }
  if (mode === FRIENDLY) {
    vm.replInit(); // the banner and ">>> "
  } else {
    mute++;
    vm.replInit();
    vm.replProcessChar(CTRL_A);
    mute--;
    send("raw REPL; CTRL-B to exit\r\n>");
  }
  flush();
  return null;
}

await boot();
process.stdout.write("ready\n");
pump();
