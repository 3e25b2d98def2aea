// The structure editor: rows from the form data, each edit checked by the server as you type.
"use strict";
const form = JSON.parse(document.getElementById("form-data").textContent);
const STAKES = ["small_blind", "big_blind", "ante"];
let timer = null;

function cell(name, value) {
  const td = document.createElement("td");
  const input = document.createElement("input");
  input.name = name; input.value = value; input.size = 7; input.inputMode = "numeric";
  input.addEventListener("input", scheduleCheck);
  td.appendChild(input);
  return td;
}

function msgCell(name) {
  const td = document.createElement("td");
  td.className = "msg"; td.dataset.for = name;
  return td;
}

function removeButton(list, i) {
  const td = document.createElement("td");
  const b = document.createElement("button");
  b.type = "button"; b.textContent = "remove"; b.className = "remove";
  b.addEventListener("click", () => { collect(); list.splice(i, 1); render(); scheduleCheck(); });
  td.appendChild(b);
  return td;
}

function render() {
  const levels = document.querySelector("#levels tbody");
  levels.innerHTML = "";
  form.levels.forEach((lv, i) => {
    const tr = document.createElement("tr");
    tr.dataset.for = `levels.${i}`;
    const n = document.createElement("td"); n.textContent = i + 1; tr.appendChild(n);
    STAKES.forEach(k => tr.appendChild(cell(`levels.${i}.${k}`, lv[k])));
    const len = cell(`levels.${i}.length`, lv.length);
    len.appendChild(document.createTextNode(" " + (lv.unit === "hands" ? "hands" : "min")));
    tr.appendChild(len);
    tr.appendChild(removeButton(form.levels, i));
    tr.appendChild(msgCell(`levels.${i}`));
    levels.appendChild(tr);
  });
  const breaks = document.querySelector("#breaks tbody");
  breaks.innerHTML = "";
  form.breaks.forEach((b, i) => {
    const tr = document.createElement("tr");
    tr.appendChild(cell(`breaks.${i}.after_level`, b.after_level));
    tr.appendChild(cell(`breaks.${i}.minutes`, b.minutes));
    tr.appendChild(removeButton(form.breaks, i));
    tr.appendChild(msgCell(`breaks.${i}`));
    breaks.appendChild(tr);
  });
}

function collect() {
  form.starting = document.getElementById("starting").value;
  document.querySelectorAll("#structure input[name*='.']").forEach(input => {
    const [list, i, key] = input.name.split(".");
    if (form[list][+i]) form[list][+i][key] = input.value;
  });
  return form;
}

function scheduleCheck() {
  clearTimeout(timer);
  timer = setTimeout(check, 250);
}

async function check() {
  const body = JSON.stringify(collect());
  const r = await fetch(PAGE.check, {method: "POST", headers: {"Content-Type": "application/json"}, body});
  const data = await r.json();
  document.querySelectorAll(".msg").forEach(m => { m.textContent = ""; });
  document.querySelectorAll(".bad").forEach(m => m.classList.remove("bad"));
  const status = document.getElementById("status");
  status.textContent = data.ok ? `${data.message}: ${data.summary}` : data.message;
  status.className = "status " + (data.ok ? "ok" : "error");
  document.getElementById("simulate").disabled = !data.ok;
  document.getElementById("download").classList.toggle("stale", !data.ok);
  if (!data.ok && data.field) {
    const row = data.field.split(".").slice(0, 2).join(".");
    const target = document.querySelector(`.msg[data-for="${data.field}"]`) ||
                   document.querySelector(`.msg[data-for="${row}"]`);
    if (target) target.textContent = data.message.replace(/^[^:]*:\d+: /, "");
    const input = document.querySelector(`input[name="${data.field}"]`);
    if (input) input.classList.add("bad");
  }
}

function hhmm(minutes) {
  const m = Math.round(minutes);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}`;
}

async function simulate() {
  const body = JSON.stringify({players: document.getElementById("players").value,
                               runs: document.getElementById("runs").value,
                               seed: document.getElementById("seed").value});
  const out = document.getElementById("sim-result");
  const r = await fetch(PAGE.simulate, {method: "POST", headers: {"Content-Type": "application/json"}, body});
  if (!r.ok) { out.textContent = (await r.text()).replace(/<[^>]+>/g, " ").trim(); return; }
  const {job} = await r.json();
  const bar = document.getElementById("progress");
  bar.hidden = false; bar.value = 0;
  out.textContent = "simulating...";
  document.getElementById("simulate").disabled = true;
  for (;;) {
    const s = await (await fetch(PAGE.job.replace("JOB", job))).json();
    bar.max = s.total; bar.value = s.done;
    if (s.finished) {
      document.getElementById("simulate").disabled = false;
      if (s.error) { out.textContent = s.error; return; }
      const x = s.result;
      out.innerHTML = `Median duration <b id="sim-median" data-minutes="${x.median}">${hhmm(x.median)}</b>; ` +
        `8 in 10 tournaments end between <b id="sim-p10">${hhmm(x.p10)}</b> and <b id="sim-p90">${hhmm(x.p90)}</b> ` +
        `(${x.runs} simulated tournaments of ${x.players} players).`;
      return;
    }
    await new Promise(res => setTimeout(res, 300));
  }
}

document.getElementById("starting").addEventListener("input", scheduleCheck);
document.getElementById("add-level").addEventListener("click", () => {
  collect();
  const last = form.levels[form.levels.length - 1] || {small_blind: 25, big_blind: 50, ante: 0, length: 20, unit: "minutes"};
  form.levels.push({...last}); render(); scheduleCheck();
});
document.getElementById("add-break").addEventListener("click", () => {
  collect(); form.breaks.push({after_level: form.levels.length - 1, minutes: 10}); render(); scheduleCheck();
});
document.getElementById("simulate").addEventListener("click", simulate);
render();
check();
