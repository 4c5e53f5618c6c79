// The bet panel of the focused station, as buttons and as keys: the same buttons as the cabinet's
// panel (terminal/buttons.py) on the same keys as `make sim` (host_tools/sim/keys.py, read from
// setup.json at build time), and the cabinet's own keys (credits in, the attendant key, stations).
const GROUPS = [
  ["SPOTS", ["pass", "dont_pass", "come", "dont_come", "field"]],
  ["NUMBERS", ["n4", "n5", "n6", "n8", "n9", "n10"]],
  ["MODE", ["place", "buy", "lay", "hard", "big", "odds", "put"]],
  ["CYCLE", ["prop", "hop", "side"]],
  ["WALK", ["select", "group"]],
  ["MONEY", ["chip", "bet", "take_down", "working", "repeat"]],
  ["GAME", ["roll", "pass_dice", "cash_out"]],
  ["VIEW", ["help", "recall"]],
  ["CABINET", ["credits_in", "attendant_key", "previous_station", "next_station"]],
];
const NAMES = { n4: "4", n5: "5", n6: "6", n8: "8", n9: "9", n10: "10", prop: "PROP ›",
  hop: "HOP ›", side: "SIDE ›", take_down: "TAKE DOWN", working: "WORKING", cash_out: "CASH OUT",
  pass_dice: "PASS DICE", previous_station: "‹ STATION", next_station: "STATION ›",
  credits_in: "CREDITS IN", attendant_key: "ATTENDANT KEY" };
// Textual's key names (keys.py) as the browser's KeyboardEvent.key.
const KEY_NAMES = { space: " ", enter: "Enter", question_mark: "?", comma: ",", tab: "Tab",
  "shift+tab": "shift+Tab" };

// setup: setup.json; press(button): a panel button; action(name): a cabinet key's action.
export function buildPanel(container, setup, press, action) {
  const keys = {}; // the browser's key: [kind, name]
  const shown = {}; // button or action: the key shown on its button
  for (const [key, legend, button] of setup.panel) {
    keys[KEY_NAMES[key] || key] = ["press", button];
    shown[button] = legend;
  }
  for (const [key, legend, name] of setup.cabinet) {
    if (name === "quit" || name === "capture") continue; // a page is closed, and shot, by the browser
    keys[KEY_NAMES[key] || key] = ["action", name];
    shown[name] = legend;
  }
  for (const [group, names] of GROUPS) {
    const row = document.createElement("div");
    row.className = "row";
    const title = document.createElement("span");
    title.className = "group";
    title.textContent = group;
    row.appendChild(title);
    for (const name of names) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.button = name;
      b.innerHTML = `<span class="name">${NAMES[name] || name.replace("_", " ").toUpperCase()}</span>` +
        (shown[name] ? `<kbd>${shown[name]}</kbd>` : "");
      b.addEventListener("click", () => (group === "CABINET" ? action(name) : press(name)));
      row.appendChild(b);
    }
    container.appendChild(row);
  }
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea, summary")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const hit = keys[(e.shiftKey && e.key === "Tab" ? "shift+" : "") + e.key];
    if (!hit) return;
    e.preventDefault();
    if (hit[0] === "press") press(hit[1]);
    else action(hit[1]);
  });
}
