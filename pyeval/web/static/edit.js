// The structure editor: the form's rows from the page's data, each edit checked by the server
// as you type (the same checks and messages as `pyeval tournament check`); simulate and tune
// in the background with their progress.
"use strict";
const form = JSON.parse(document.getElementById("form-data").textContent);
const STAKES = ["small_blind", "big_blind", "ante"];
const $ = id => document.getElementById(id);
let timer = null;

function cell(name, value, size = 7) {
  const td = document.createElement("td");
  const input = document.createElement("input");
  input.name = name; input.value = value; input.size = size;
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
    const n = document.createElement("td"); n.textContent = i + 1; n.className = "num"; tr.appendChild(n);
    STAKES.forEach(k => tr.appendChild(cell(`levels.${i}.${k}`, lv[k])));
    // who pays the ante, in words (a big-blind ante of 300 is not 300 from every player)
    const who = {big_blind: "paid by the big blind", button: "paid by the button", each: "from every player"};
    const ante = tr.lastChild;
    ante.appendChild(el("span", Number(lv.ante) ? ` ${who[lv.ante_by] || who.each}` : "", "muted ante-by"));
    const len = cell(`levels.${i}.length`, lv.length, 4);
    len.appendChild(document.createTextNode(" " + (lv.unit === "hands" ? "hands" : "min")));
    tr.appendChild(len);
    tr.appendChild(removeButton(form.levels, i));
    tr.appendChild(msgCell(`levels.${i}`));
    levels.appendChild(tr);
  });
  rows("#breaks", form.breaks, "breaks", [["after_level", 4], ["minutes", 4]]);
  rows("#colour-ups", form.colour_ups, "colour_ups", [["before_level", 4], ["remove", 12]]);
  rows("#payout-tables", form.payouts.tables, "payouts.tables", [["low", 4], ["high", 4], ["percent", 28]]);
}

// one row of inputs per item of `list` in the table `selector`: the fields, each [key, size], then
// the remove button and the row's message cell
function rows(selector, list, path, fields) {
  const body = document.querySelector(`${selector} tbody`);
  body.innerHTML = "";
  list.forEach((item, i) => {
    const tr = document.createElement("tr");
    fields.forEach(([key, size]) => tr.appendChild(cell(`${path}.${i}.${key}`, item[key], size)));
    tr.appendChild(removeButton(list, i));
    tr.appendChild(msgCell(`${path}.${i}`));
    body.appendChild(tr);
  });
}

function put(path, value) {  // form["a"]["0"]["b"] = value, along a dotted name
  const keys = path.split(".");
  let at = form;
  for (const k of keys.slice(0, -1)) {
    if (at[k] === undefined) return;
    at = at[k];
  }
  at[keys[keys.length - 1]] = value;
}
function collect() {
  document.querySelectorAll("#structure input[name]").forEach(input => {
    put(input.name, input.type === "checkbox" ? input.checked : input.value);
  });
  document.querySelectorAll("#structure fieldset").forEach(fs => {   // a section switched off looks off
    const box = fs.querySelector("legend input[type=checkbox]");
    if (box) fs.classList.toggle("off", !box.checked);
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
  const status = $("status");
  status.textContent = data.ok ? `${data.message}: ${data.summary}` : data.message;
  status.className = "status " + (data.ok ? "ok" : "error");
  $("simulate").disabled = !data.ok;
  $("tune").disabled = !data.ok;
  $("download").classList.toggle("stale", !data.ok);
  if (!data.ok && data.field) {
    const parts = data.field.split(".");
    const target = [parts.length, 3, 2, 1].map(k => parts.slice(0, k).join("."))
      .map(f => document.querySelector(`.msg[data-for="${f}"]`)).find(Boolean);
    if (target) target.textContent = data.message.replace(/^[^:]*:\d+: /, "");
    const input = document.querySelector(`input[name="${data.field}"]`);
    if (input) input.classList.add("bad");
  }
}

function hhmm(minutes) {
  const m = Math.round(minutes);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}`;
}
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
async function postJob(url, body, bar, label) {  // start a job, follow it; its result or throws
  const r = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  if (!r.ok) {
    const text = await r.text();
    let msg; try { msg = JSON.parse(text).error; } catch (e) { msg = text.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim(); }
    throw new Error(msg);
  }
  const {job} = await r.json();
  if (bar) { bar.hidden = false; bar.value = 0; }
  for (;;) {
    const s = await (await fetch(PAGE.job.replace("JOB", job))).json();
    if (bar) { bar.max = s.total; bar.value = s.done; }
    if (label) label.textContent = s.message || "";
    if (s.finished) {
      if (s.error) throw new Error(s.error);
      return {job, result: s.result};
    }
    await new Promise(res => setTimeout(res, 300));
  }
}
function evening() {
  return {setting: $("setting").value, players: $("players").value, start: $("start").value};
}

async function simulate() {
  const out = $("sim-result");
  out.innerHTML = "";
  $("simulate").disabled = true;
  try {
    const {result: x} = await postJob(PAGE.simulate, {...evening(), runs: $("runs").value, seed: $("seed").value,
                                                      compare: $("compare").checked}, $("progress"), $("progress-text"));
    const head = el("p", "", "headline");
    head.append("In ", el("b", x.setting), ", half of the tournaments are over by ");
    const med = el("b", hhmm(x.median)); med.id = "sim-median"; med.dataset.minutes = x.median;
    head.append(med, "; 8 in 10 end between ");
    const p10 = el("b", hhmm(x.p10)); p10.id = "sim-p10";
    const p90 = el("b", hhmm(x.p90)); p90.id = "sim-p90";
    head.append(p10, " and ", p90, ` (${x.runs} simulated tournaments of ${x.players} players).`);
    if (x.settings.length) {
      // what moves the answer most: who plays and how fast they deal (each setting below)
      const order = [...x.settings].sort((a, b) => a.median - b.median);
      const lo = order[0], hi = order[order.length - 1];
      const spread = el("p", "", "headline"); spread.id = "sim-spread";
      spread.append("Who plays and how fast they deal move it most: half over by ", el("b", hhmm(lo.median)),
                    ` in ${lo.words.replace(" (this run)", "")}, by `, el("b", hhmm(hi.median)),
                    ` in ${hi.words.replace(" (this run)", "")} (each setting below).`);
      out.appendChild(spread);
    }
    out.appendChild(head);
    const table = el("table", undefined, "summary"); table.id = "sim-summary";
    x.rows.forEach(([label, value]) => {
      const tr = el("tr", undefined, label.startsWith("  ") ? "setting-row" : (label.startsWith("sampling") ? "small" : ""));
      tr.append(el("th", label.trim()), el("td", value));
      table.appendChild(tr);
    });
    out.appendChild(table);
    const depth = el("table", undefined, "summary levels"); depth.id = "sim-levels";
    const head2 = el("tr");
    ["level", "blinds", "reached", "starts", "players", "stack (BB)", "M"].forEach(h => head2.appendChild(el("th", h)));
    depth.appendChild(head2);
    x.levels.forEach(cells => {
      const tr = el("tr");
      cells.forEach(c => tr.appendChild(el("td", c)));
      depth.appendChild(tr);
    });
    out.append(el("h3", "Stack depth at the start of each level (mean over the tournaments that reach it)"), depth);
    if (x.warnings.length) {
      const ul = el("ul", undefined, "warnings");
      x.warnings.forEach(w => ul.appendChild(el("li", w)));
      out.appendChild(ul);
    }
  } catch (err) {
    out.appendChild(el("p", err.message, "error"));
  } finally {
    $("simulate").disabled = false;
    $("progress").hidden = true; $("progress-text").textContent = "";
  }
}

let tuneJob = null;
async function tune() {
  const box = $("tune-result"), status = $("tune-status");
  box.hidden = true; $("tune").disabled = true;
  const chance = $("done-chance").value.trim() || "90";
  const targets = [`done by ${$("done-by").value.trim()} with ${chance}%`];
  if ($("not-before").value.trim()) targets.push(`done not before ${$("not-before").value.trim()}`);
  status.className = "muted";
  try {
    const {job, result: x} = await postJob(PAGE.tune, {...evening(), targets, runs: $("tune-runs").value,
      fields: $("tune-fields").value, seed: $("seed").value, keep_length: $("keep-length").checked,
      keep_first_blinds: $("keep-first").checked}, null, status);
    tuneJob = job;
    status.textContent = "";
    const verdict = x.met ? "meets the target" : "is the closest schedule; it does not meet the target";
    const p90 = hhmm(x.p90_low) === hhmm(x.p90_high) ? hhmm(x.p90_low) : `${hhmm(x.p90_low)}-${hhmm(x.p90_high)}`;
    $("tune-summary").textContent = `The proposal (${x.describe}) ${verdict}: half of the tournaments over by ` +
      `${hhmm(x.median)}, 90% done by ${p90} over the likely fields. ` +
      x.targets.map((t, j) => `${t[0].toUpperCase()}${t.slice(1)}: ${Math.round(100 * x.chances[j])}% over the likely fields ` +
                    "together.").join(" ") +
      (x.advice.length ? " " + x.advice.join(" ") : "");
    const body = document.querySelector("#compare-levels tbody");
    body.innerHTML = "";
    for (let i = 0; i < Math.max(x.current.length, x.proposed.length); i++) {
      const a = x.current[i], b = x.proposed[i];
      const tr = el("tr");
      tr.append(el("td", String(i + 1), "num"), el("td", a ? a.stakes : ""), el("td", a ? a.length : "", "muted"),
                el("td", b ? b.stakes : "", "proposed"), el("td", b ? b.length : "", "muted"));
      if (a && b && a.stakes !== b.stakes) tr.classList.add("changed");
      body.appendChild(tr);
      if ((a && a.break_after) || (b && b.break_after)) {
        const br = el("tr", undefined, "break");
        br.append(el("td"), el("td", a && a.break_after ? `break ${a.break_after} min` : ""), el("td"),
                  el("td", b && b.break_after ? `break ${b.break_after} min` : ""), el("td"));
        body.appendChild(br);
      }
    }
    $("tune-explain").textContent = x.explain;
    box.hidden = false;
  } catch (err) {
    status.textContent = err.message; status.className = "error";
  } finally {
    $("tune").disabled = false;
  }
}
async function takeProposal() {
  const r = await fetch(PAGE.take, {method: "POST", headers: {"Content-Type": "application/json"},
                                    body: JSON.stringify({job: tuneJob})});
  if (r.ok) window.location = (await r.json()).url;
}

function showTab(name) {
  document.querySelectorAll(".tab").forEach(t => t.classList.toggle("active", t.dataset.tab === name));
  document.querySelectorAll(".panel").forEach(p => { p.hidden = p.id !== `panel-${name}`; });
  $("evening").hidden = name === "structure";
  history.replaceState(null, "", `#${name}`);
}
document.querySelectorAll(".tab").forEach(t => t.addEventListener("click", () => showTab(t.dataset.tab)));
document.querySelectorAll("#structure input[name]").forEach(i => {
  i.addEventListener(i.type === "checkbox" ? "change" : "input", scheduleCheck);
});
$("add-level").addEventListener("click", () => {
  collect();
  const last = form.levels[form.levels.length - 1] || {small_blind: 25, big_blind: 50, ante: 0, length: 20, unit: "minutes"};
  form.levels.push({...last}); render(); scheduleCheck();
});
$("add-break").addEventListener("click", () => {
  collect(); form.breaks.push({after_level: form.levels.length - 1, minutes: 10}); render(); scheduleCheck();
});
$("add-colour-up").addEventListener("click", () => {
  collect(); form.colour_ups.push({before_level: form.levels.length, remove: form.denominations.split(",")[0].trim()});
  render(); scheduleCheck();
});
$("add-payout").addEventListener("click", () => {
  collect(); form.payouts.tables.push({low: form.entrants.min, high: form.entrants.max, percent: "50, 30, 20"});
  render(); scheduleCheck();
});
$("start").addEventListener("input", () => {   // the blind sheet shows the evening's clock times
  const link = document.querySelector('nav.top a[href*="/sheet/"]');
  const url = new URL(link.href);
  if ($("start").value.trim()) url.searchParams.set("start", $("start").value.trim()); else url.searchParams.delete("start");
  link.href = url.toString();
});
$("simulate").addEventListener("click", simulate);
$("tune").addEventListener("click", tune);
$("take-proposal").addEventListener("click", takeProposal);
render();
showTab(["simulate", "tune"].includes(location.hash.slice(1)) ? location.hash.slice(1) : "structure");
check();
