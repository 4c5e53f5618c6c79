// The page as the cabinet's drivers: it loads MicroPython (the pinned WebAssembly port), puts
// the firmware into its filesystem, starts the Python glue (webcabinet.py) with the settings in
// the page's address, then steps it every TICK_MS and at every press, and draws what it returns.
import { Table, drawDice, STATION_COLOURS } from "./layout.js";
import { buildPanel } from "./panel.js";

const TICK_MS = 50; // time passing for the cabinet, as the simulator's ticks
const FLASH_MS = 400; // how long a station card shows a signal
const query = Object.fromEntries(new URLSearchParams(location.search));
const page = { focus: 0, view: null, attendant: false, times: {} };
window.cabinetPage = page; // what the tests and the curious read: times, the last view

const $ = (id) => document.getElementById(id);
const now = () => Math.round(performance.now());

function randomHex(n) {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function boot() {
  const [setup, help] = await Promise.all([
    fetch("setup.json").then((r) => r.json()), fetch("help.json").then((r) => r.text())]);
  buildSettings(setup);
  const sources = await Promise.all(setup.python.map((n) => fetch("py/" + n).then((r) => r.arrayBuffer())));
  const { loadMicroPython } = await import("./mp/micropython.mjs");
  const mp = await loadMicroPython({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
  setup.python.forEach((name, i) => {
    mp.FS.mkdirTree("/lib/" + name.split("/").slice(0, -1).join("/"));
    mp.FS.writeFile("/lib/" + name, new Uint8Array(sources[i]));
  });
  mp.runPython("import sys\nsys.path.append('/lib')");
  page.times.loaded = now();
  const glue = mp.pyimport("webcabinet");
  page.cabinet = glue.WebCabinet(JSON.stringify(query), localStorage, randomHex, help, now());
  const settings = JSON.parse(page.cabinet.settings()); // in force: a refused one's default
  showSettings(settings);
  page.stations = settings.stations;
  page.table = new Table($("table"), settings.rules, select);
  buildStations(page.stations);
  buildPanel($("panel"), setup, (button) => send([["press", page.focus, button], ["release", page.focus, button]]),
    (name) => cabinetKey(name, setup));
  step();
  setInterval(step, TICK_MS);
}

// The settings in force in the form, and those the cabinet could not have, said in words.
function showSettings(settings) {
  const form = $("settings-form");
  form.elements.stations.value = settings.stations;
  form.elements.credits.value = settings.credits;
  for (const [name, value] of Object.entries(settings.rules)) form.elements[name].value = String(value);
  $("refused").hidden = !settings.refused.length;
  $("refused").textContent = settings.refused.map((line) => "Setting " + line + ".").join(" ");
}

function run(call) {
  let drawn;
  try {
    drawn = call();
  } catch (e) {
    fail(e);
    return;
  }
  if (drawn) draw(JSON.parse(drawn));
}

function step(events) {
  run(() => page.cabinet.step(now(), events ? JSON.stringify(events) : ""));
}

function send(events) {
  const started = performance.now();
  step(events);
  // A press's effects are drawn in this task; the browser paints them at the next frame.
  requestAnimationFrame(() => { page.times.click = performance.now() - started; });
}

// A spot clicked on the layout: the glue presses the panel's buttons that select it.
function select(kind, number, on) {
  const started = performance.now();
  const n = number === -1 ? (page.view ? page.view.point : 0) : number;
  run(() => page.cabinet.select(page.focus, kind, n, on || null, now()));
  requestAnimationFrame(() => { page.times.click = performance.now() - started; });
}

function cabinetKey(name, setup) {
  if (name === "credits_in") send([["credits_in", page.focus, setup.credits_in]]);
  else if (name === "attendant_key") {
    page.attendant = !page.attendant;
    send([["key", page.attendant]]);
  } else if (name === "next_station") focus((page.focus + 1) % page.stations);
  else if (name === "previous_station") focus((page.focus + page.stations - 1) % page.stations);
}

function focus(s) {
  page.focus = s;
  if (page.view) draw(page.view);
}

function fail(e) {
  $("error").hidden = false;
  $("error").textContent = e.name === "PythonError" ? e.message.trim().split("\n").pop() : String(e);
}

function buildStations(n) {
  for (let s = 0; s < n; s++) {
    const card = document.createElement("div");
    card.className = "station";
    card.dataset.station = s;
    card.style.setProperty("--colour", STATION_COLOURS[s]);
    card.innerHTML = `<div class="meter"><span class="who">S${s + 1}</span> <span class="credits"></span>` +
      `<span class="unit">credits</span></div><pre class="display"></pre>`;
    card.addEventListener("click", () => focus(s));
    $("stations").appendChild(card);
  }
}

function draw(view) {
  page.view = view;
  const sign = view.sign.length ? view.sign : ["", ""];
  $("sign-lines").innerHTML = "";
  sign.forEach((line, i) => {
    const div = document.createElement("div");
    div.className = i === 0 ? "headline" : i === 2 ? "history" : "line";
    div.textContent = line;
    $("sign-lines").appendChild(div);
  });
  if (!page.times.ready && sign[0] === "PLACE YOUR BETS") page.times.ready = now();
  drawDice($("dice"), view);
  page.table.draw(view, page.focus);
  document.querySelectorAll(".station").forEach((card, s) => {
    card.classList.toggle("focused", s === page.focus);
    card.querySelector(".credits").textContent = view.credits[s];
    card.querySelector(".display").textContent = (view.displays[s] || []).join("\n");
  });
  for (const [s, name] of view.signals) signal(s, name);
  document.body.classList.toggle("attendant", page.attendant);
  if (view.error) fail({ name: "Error", message: view.error });
}

function signal(s, name) {
  const card = document.querySelector(`.station[data-station="${s}"]`);
  card.classList.add(name);
  setTimeout(() => card.classList.remove(name), FLASH_MS);
  beep(name);
}

let audio;
function beep(name) {
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = name === "refused" ? 220 : name === "win" ? 880 : 660;
    gain.gain.value = 0.05;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.12);
  } catch (e) { /* no sound: the card still flashes */ }
}

// The settings panel: stations, credits and every house rule `odds` knows, as the address.
function buildSettings(setup) {
  const form = $("settings-form");
  for (const name of ["stations", "credits"]) if (query[name]) form.elements[name].value = query[name];
  for (const [name, choices, value] of setup.rules) {
    const label = document.createElement("label");
    label.textContent = name + " ";
    let input;
    if (choices) {
      input = document.createElement("select");
      for (const c of choices) input.add(new Option(String(c), String(c)));
    } else {
      input = document.createElement("input");
      input.type = "number";
      input.min = 1;
    }
    input.name = name;
    input.value = query[name] !== undefined ? query[name] : String(value);
    label.appendChild(input);
    $("rules").appendChild(label);
  }
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const params = new URLSearchParams();
    for (const input of form.elements) {
      if (!input.name) continue;
      const rule = setup.rules.find((r) => r[0] === input.name);
      if (rule && String(rule[2]) === input.value) continue; // a default needs no mention
      params.set(input.name, input.value);
    }
    location.search = params.toString();
  });
  $("fresh").addEventListener("click", () => {
    if (!page.cabinet || !confirm("Forget this cabinet's credits, bets and meters?")) return;
    page.cabinet.forget();
    location.reload();
  });
}

if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  navigator.serviceWorker.register("sw.js").catch(() => { /* online only */ });
}
boot().catch(fail);
