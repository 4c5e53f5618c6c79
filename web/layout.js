// The craps layout as SVG: the spots (each a click target named kind:number), the chips of every
// station's wagers on them, the puck's lamps and the dice. It draws what the cabinet says (the
// view from webcabinet.py); it decides nothing.
const SVG = "http://www.w3.org/2000/svg";
const NUMBERS = [4, 5, 6, 8, 9, 10];
const NUMBER_NAMES = { 4: "4", 5: "5", 6: "SIX", 8: "8", 9: "NINE", 10: "10" };
// A colour per station: chips and the station cards share them.
export const STATION_COLOURS = ["#e23b3b", "#2f6fe0", "#f0c419", "#8e44ad", "#e67e22", "#16a085",
  "#ec5fa8", "#7f8c8d"];
const HOPS = [];
for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) HOPS.push([a, b]);

function el(name, attrs, parent, text) {
  const e = document.createElementNS(SVG, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

// Every spot: [id, x, y, w, h, label lines, what a click selects: [kind, number, on]].
function spots(rules) {
  const s = [];
  const bar = rules.bar === 2 ? "BAR 2" : "BAR 12";
  s.push(["dont_come:0", 10, 10, 100, 190, ["DON'T", "COME", bar], ["dont_come", 0]]);
  NUMBERS.forEach((n, i) => {
    const x = 115 + i * 92;
    s.push([`dont_come:${n}`, x, 10, 90, 34, ["DC / LAY"], ["dont_come", n]]);
    s.push([`place:${n}`, x, 44, 90, 88, [NUMBER_NAMES[n]], ["place", n], "number"]);
    s.push([`come:${n}`, x, 132, 90, 34, ["COME"], ["come", n]]);
    s.push([`buy:${n}`, x, 166, 90, 34, ["BUY"], ["buy", n]]);
  });
  s.push(["come:0", 115, 205, 550, 80, ["COME"], ["come", 0], "big"]);
  const twelve = rules["field-12"] === 3 ? "TRIPLE" : "DOUBLE";
  s.push(["field:0", 115, 290, 550, 80,
    ["FIELD", `2 · 3 · 4 · 9 · 10 · 11 · 12`, `2 PAYS DOUBLE   12 PAYS ${twelve}`], ["field", 0]]);
  s.push(["dont_pass:0", 115, 375, 440, 45, ["DON'T PASS " + bar], ["dont_pass", 0]]);
  s.push(["odds:dont_pass", 560, 375, 105, 45, ["LAY ODDS"], ["odds", -1, "dont_pass"]]);
  s.push(["pass:0", 115, 425, 550, 60, ["PASS LINE"], ["pass", 0], "big"]);
  s.push(["odds:pass", 115, 490, 550, 40, ["ODDS BEHIND THE LINE"], ["odds", -1, "pass"]]);
  s.push(["big6:0", 10, 205, 100, 160, ["BIG", "6"], ["big6", 0], "big"]);
  s.push(["big8:0", 10, 370, 100, 160, ["BIG", "8"], ["big8", 0], "big"]);
  // The proposition box.
  const px = 680;
  s.push(["any7:0", px, 10, 310, 36, ["ANY SEVEN"], ["any7", 0]]);
  [[6, "3-3"], [10, "5-5"], [8, "4-4"], [4, "2-2"]].forEach(([n, d], i) => {
    s.push([`hard:${n}`, px + (i % 2) * 155, 50 + Math.floor(i / 2) * 52, 155, 50,
      [`HARD ${n}`, d], ["hard", n]]);
  });
  [["two", "TWO", "1-1"], ["three", "THREE", "1-2"], ["twelve", "TWELVE", "6-6"],
    ["yo", "YO 11", "5-6"]].forEach(([k, name, d], i) => {
    s.push([`${k}:0`, px + i * 77.5, 158, 77.5, 46, [name, d], [k, 0]]);
  });
  s.push(["any_craps:0", px, 208, 310, 34, ["ANY CRAPS"], ["any_craps", 0]]);
  s.push(["horn:0", px, 246, 100, 38, ["HORN"], ["horn", 0]]);
  s.push(["world:0", px + 105, 246, 100, 38, ["WORLD"], ["world", 0]]);
  s.push(["ce:0", px + 210, 246, 100, 38, ["C & E"], ["ce", 0]]);
  [2, 3, 11, 12].forEach((n, i) => {
    s.push([`horn_high:${n}`, px + i * 77.5, 288, 77.5, 34, [`HI ${n}`], ["horn_high", n]]);
  });
  HOPS.forEach(([a, b], i) => {
    const code = a * 10 + b;
    s.push([`hop:${code}`, px + (i % 7) * 44.3, 340 + Math.floor(i / 7) * 38, 44.3, 36,
      [`${a}-${b}`], ["hop", code], "hop"]);
  });
  if (rules["side-bets"]) {
    ["fire", "all", "tall", "small"].forEach((k, i) => {
      s.push([`${k}:0`, px + i * 77.5, 460, 77.5, 36, [k.toUpperCase()], [k, 0]]);
    });
  }
  return s;
}

// Where a wager's chips sit: the id of a spot.
function spotOf(kind, number, on) {
  if (kind === "pass" || kind === "dont_pass" || kind === "big6" || kind === "big8") return kind + ":0";
  if (kind === "odds") {
    if (on === "pass" || on === "dont_pass") return "odds:" + on;
    return (on === "dont_come" ? "dont_come:" : "come:") + number;
  }
  if (kind === "put") return "come:" + number;
  if (kind === "lay") return "dont_come:" + number;
  return `${kind}:${number}`;
}

// The spot a station's selection lights: the panel's (kind, number).
function selectedSpot(kind, number, point) {
  if (kind === "odds") return number && number === point ? "odds:pass" : "come:" + number;
  return spotOf(kind, number, null);
}

const SHORT = { buy: "B", lay: "L", put: "P", odds: "O", dont_come: "DC", come: "C" };

export class Table {
  constructor(svg, rules, onSelect) {
    this.svg = svg;
    this.rules = rules;
    this.boxes = {};
    for (const [id, x, y, w, h, lines, select, style] of spots(rules)) {
      const g = el("g", { class: "spot" + (style ? " " + style : ""), "data-spot": id }, svg);
      el("rect", { x, y, width: w, height: h, rx: 6 }, g);
      const size = style === "number" ? 34 : style === "big" ? 26 : style === "hop" ? 13 : 14;
      lines.forEach((line, i) => {
        el("text", { x: x + w / 2, y: y + h / 2 + (i - (lines.length - 1) / 2) * (size + 4) + size / 3,
          "font-size": size }, g, line);
      });
      this.boxes[id] = { x, y, w, h, g };
      g.addEventListener("click", () => onSelect(...select));
    }
    el("text", { x: 835, y: 335, class: "caption" }, svg, "HOP BETS");
    this.chips = el("g", { class: "chips" }, svg);
    this.lamps = el("g", { class: "lamps" }, svg);
    this.drawn = "";
  }

  // view: webcabinet.py's; focus: the station whose panel is on screen.
  draw(view, focus) {
    const key = JSON.stringify([view.wagers, view.selected[focus], view.puck, focus, view.point]);
    if (key === this.drawn) return;
    this.drawn = key;
    for (const id in this.boxes) this.boxes[id].g.classList.remove("selected");
    const [kind, number] = view.selected[focus] || [];
    const lit = this.boxes[selectedSpot(kind, number, view.point)];
    if (lit) lit.g.classList.add("selected");
    this.drawChips(view.wagers, focus);
    this.drawPuck(view.puck);
  }

  drawChips(wagers, focus) {
    this.chips.replaceChildren();
    const bySpot = {};
    for (const [player, kind, number, on, amount, vig, off] of wagers) {
      const id = spotOf(kind, number, on);
      (bySpot[id] = bySpot[id] || []).push({ player, kind, amount, vig, off });
    }
    for (const id in bySpot) {
      const box = this.boxes[id];
      if (!box) continue;
      const chips = bySpot[id].sort((a, b) => a.player - b.player);
      const r = Math.min(15, box.h / 2 - 2, box.w / (2 * chips.length) - 1);
      chips.forEach((c, i) => {
        const cx = box.x + box.w - r - 3 - i * (2 * r + 2);
        const cy = box.y + box.h - r - 2;
        const g = el("g", { class: "chip" + (c.player === focus ? " mine" : "") + (c.off ? " off" : ""),
          "data-spot": id, "data-station": c.player, "data-amount": c.amount }, this.chips);
        el("circle", { cx, cy, r, fill: STATION_COLOURS[c.player] }, g);
        el("circle", { cx, cy, r: r * 0.72, class: "inlay" }, g);
        const label = (box.g.dataset.spot.startsWith(c.kind) || !SHORT[c.kind] ? "" : SHORT[c.kind]) + c.amount;
        el("text", { x: cx, y: cy + r * 0.3, "font-size": Math.max(7, r * (label.length > 3 ? 0.62 : 0.85)) }, g, label);
        el("title", {}, g, `S${c.player + 1} ${c.kind.replace("_", " ")} ${c.amount}` +
          (c.vig ? ` + ${c.vig} commission` : "") + (c.off ? " (off)" : ""));
      });
    }
  }

  // The puck's frame: 7 lamps, the OFF disc first, then over 4, 5, 6, 8, 9, 10.
  drawPuck(frame) {
    this.lamps.replaceChildren();
    (frame || []).forEach(([r, g, b], i) => {
      if (!(r || g || b)) return;
      const box = i === 0 ? this.boxes["dont_come:0"] : this.boxes[`place:${NUMBERS[i - 1]}`];
      const cx = box.x + box.w - 22, cy = box.y + 22;
      const colour = `rgb(${r},${g},${b})`;
      const on = i > 0;
      const puck = el("g", { class: "puck " + (on ? "on" : "off"), "data-lamp": i }, this.lamps);
      el("circle", { cx, cy, r: 19, fill: on ? colour : "#111", stroke: colour, "stroke-width": 3 }, puck);
      el("text", { x: cx, y: cy + 5, fill: on ? "#111" : "#fff" }, puck, on ? "ON" : "OFF");
    });
  }
}

// The dice of the last roll (view.dice: [[d1, d2]] or []), or tumbling while they roll.
const PIPS = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]], 5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] };

export function drawDice(svg, view) {
  svg.replaceChildren();
  const faces = view.dice.length ? view.dice[0] : [0, 0];
  svg.classList.toggle("rolling", view.rolling);
  svg.setAttribute("aria-label", view.rolling ? "dice rolling" : faces[0] ? `dice ${faces[0]} and ${faces[1]}` : "no roll yet");
  faces.forEach((face, i) => {
    const g = el("g", { class: "die", transform: `translate(${5 + i * 65} 5)` }, svg);
    el("rect", { x: 0, y: 0, width: 50, height: 50, rx: 8 }, g);
    if (view.rolling || !face) {
      el("text", { x: 25, y: 34 }, g, "?");
      return;
    }
    g.dataset.face = face;
    for (const [c, r] of PIPS[face]) el("circle", { cx: 11 + c * 14, cy: 11 + r * 14, r: 4.5 }, g);
  });
}
