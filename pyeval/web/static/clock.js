// The tournament clock: all of its state lives in this page; the levels come from the structure.
"use strict";
const data = JSON.parse(document.getElementById("clock-data").textContent);
const levels = data.levels;
const st = {index: 0, onBreak: false, left: 0, running: false, entries: data.players, players: data.players,
            last: null};

function length(i) { return (levels[i].minutes || 0) * 60; }
function mmss(sec) {
  const s = Math.max(0, Math.round(sec));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
function goTo(i) {
  st.index = Math.min(Math.max(i, 0), levels.length - 1);
  st.onBreak = false; st.left = length(st.index);
  show();
}
function advance() {  // the clock ran out: the break after this level, or the next level
  if (!st.onBreak && levels[st.index].break_after) {
    st.onBreak = true; st.left = levels[st.index].break_after * 60;
  } else if (st.index < levels.length - 1) {
    goTo(st.index + 1);
  } else {
    st.left = 0; st.running = false;
  }
  show();
}
function timed(i) { return levels[i].minutes !== null; }
function nextBreak() {  // the time to it is unknown past a level timed in hands
  let sec = st.left, known = st.onBreak || timed(st.index);
  for (let i = st.index; i < levels.length; i++) {
    if (i > st.index) { sec += length(i); known = known && timed(i); }
    if (levels[i].break_after && !(i === st.index && st.onBreak)) {
      const when = known ? `, in ${Math.ceil(Math.round(sec) / 60)} min` : "";
      return `after level ${levels[i].number}${when}`;
    }
  }
  return "none";
}
function show() {
  const lv = levels[st.index], next = levels[st.index + 1];
  document.getElementById("phase").textContent = st.onBreak ? `Break after level ${lv.number}` : `Level ${lv.number}`;
  document.getElementById("time-left").textContent = lv.minutes === null && !st.onBreak ? `${lv.hands} hands` : mmss(st.left);
  document.getElementById("now-word").textContent = st.onBreak ? "" : "Blinds ";
  document.getElementById("blinds-now").textContent = st.onBreak ? "Break" : lv.label;
  document.getElementById("blinds-next").textContent = next ? next.label : "the last level goes on";
  document.getElementById("next-break").textContent = nextBreak();
  document.getElementById("players-left").textContent = st.players;
  document.getElementById("entries").textContent = st.entries;
  const avg = st.players ? Math.round(data.starting * st.entries / st.players) : 0;
  document.getElementById("average-stack").textContent = avg.toLocaleString("en");
  document.getElementById("run").textContent = st.running ? "Pause" : (st.last === null ? "Start" : "Resume");
  document.body.classList.toggle("paused", !st.running);
  document.getElementById("paused").hidden = st.running || st.last === null;
}
function tick() {
  const now = Date.now();
  if (st.running && st.last !== null && (st.onBreak || timed(st.index))) {  // a level in hands: "Next level"
    st.left -= (now - st.last) / 1000;
    if (st.left <= 0) advance();
  }
  st.last = st.running ? now : st.last;
  show();
}
document.getElementById("run").addEventListener("click", () => {
  st.running = !st.running; st.last = Date.now(); show();
});
document.getElementById("next-level").addEventListener("click", () => goTo(st.index + 1));
document.getElementById("prev-level").addEventListener("click", () => goTo(st.index - 1));
document.getElementById("plus-minute").addEventListener("click", () => { st.left += 60; show(); });
document.getElementById("minus-minute").addEventListener("click", () => { st.left = Math.max(0, st.left - 60); show(); });
document.getElementById("bust").addEventListener("click", () => { if (st.players > 1) st.players -= 1; show(); });
document.getElementById("unbust").addEventListener("click", () => { if (st.players < st.entries) st.players += 1; show(); });
document.getElementById("add-entry").addEventListener("click", () => { st.entries += 1; st.players += 1; show(); });
async function post(url, body) {
  const r = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  return r.json();
}
function showTables(room) {
  const box = document.getElementById("tables");
  const given = {};  // the button seats the director gave, kept across redraws
  document.querySelectorAll(".button-seat").forEach(i => { given[i.dataset.table] = i.value; });
  box.innerHTML = "";
  room.tables.forEach(t => {
    const div = document.createElement("div");
    div.className = "table"; div.id = `table-${t.table}`;
    const head = document.createElement("h3");
    head.textContent = `Table ${t.table}`;
    const btn = document.createElement("input");
    btn.className = "button-seat"; btn.dataset.table = t.table; btn.size = 2; btn.value = given[t.table] ?? t.seats[0][0];
    head.append(" (button at seat ", btn, ")");
    div.appendChild(head);
    t.seats.forEach(([seat, player]) => {
      const b = document.createElement("button");
      b.type = "button"; b.className = "player"; b.dataset.player = player;
      b.textContent = `seat ${seat}: #${player}`;
      b.addEventListener("click", () => bustPlayer(player));
      div.appendChild(b);
    });
    box.appendChild(div);
  });
  st.players = room.players;
  show();
}
async function bustPlayer(player) {
  const buttons = {};
  document.querySelectorAll(".button-seat").forEach(i => { buttons[i.dataset.table] = i.value; });
  const room = await post(data.bust, {player, buttons});
  const list = document.getElementById("moves");
  list.innerHTML = "";
  if (room.error) { const li = document.createElement("li"); li.textContent = room.error; list.appendChild(li); return; }
  [`player ${player} busted`, ...room.moves].forEach(m => {
    const li = document.createElement("li"); li.textContent = m; list.appendChild(li);
  });
  showTables(room);
}
document.getElementById("draw-seats").addEventListener("click", async () => {
  const room = await post(data.draw, {players: st.players, seed: document.getElementById("seat-seed").value});
  if (room.error || !room.tables) return;
  st.entries = Math.max(st.entries, room.players);  // a draw for the players left keeps the entries
  document.getElementById("moves").innerHTML = "";
  showTables(room);
});
// keys for the director at the screen (not while typing in a box)
const KEYS = {" ": "run", "ArrowRight": "next-level", "ArrowLeft": "prev-level", "+": "plus-minute",
              "-": "minus-minute", "b": "bust", "u": "unbust", "e": "add-entry"};
document.addEventListener("keydown", ev => {
  if (ev.target.tagName === "INPUT" || ev.ctrlKey || ev.metaKey || ev.altKey || !(ev.key in KEYS)) return;
  ev.preventDefault();
  document.getElementById(KEYS[ev.key]).click();
});
goTo(0);
setInterval(tick, 250);
