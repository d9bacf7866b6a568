"""The replay file's page: its HTML template, style and script, and `replay_html`, which puts a
replay's data (`bot.replays.replay_data`) into it as one self-contained file."""

from __future__ import annotations

import html
import json
from typing import Any


def replay_html(data: dict[str, Any]) -> str:
    """The self-contained file for `replay_data`'s data."""
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    # no "<" at all in the script element: nothing in a name or a line can close it early
    payload = payload.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return (
        TEMPLATE.replace("%TITLE%", html.escape(data["title"]))
        .replace("%STYLE%", STYLE)
        .replace("%SCRIPT%", SCRIPT)
        .replace("%DATA%", payload)
    )


TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%TITLE% — replay</title>
<style>%STYLE%</style>
</head>
<body>
<header>
  <h1 id="title"></h1>
  <p id="sub"></p>
</header>
<nav id="controls" aria-label="Step through the game">
  <button id="first" type="button" title="Set-up (Home)">⏮ Set-up</button>
  <button id="prev" type="button" title="Previous move (←)">◀ Back</button>
  <button id="next" type="button" title="Next move (→)">Next ▶</button>
  <button id="last" type="button" title="The end (End)">End ⏭</button>
  <input id="slider" type="range" min="0" value="0" aria-label="Move">
  <form id="jump"><label>Jump to turn <input id="turn" type="number" min="0" value="0">
  </label><button type="submit">Go</button></form>
  <label>View <select id="view"></select></label>
</nav>
<main>
  <section id="left">
    <h2 id="where"></h2>
    <p id="move"></p>
    <ul id="events"></ul>
    <p id="summary" hidden></p>
    <p id="caption" hidden></p>
    <img id="picture" alt="" hidden>
  </section>
  <section id="right">
    <div id="board"></div>
  </section>
</main>
<footer>Arrow keys step through the moves; Home and End jump to the set-up and the end.
<span id="seedline">Seed <code id="seed"></code>.</span> Everything in this file was made
from the game's log.</footer>
<script id="data" type="application/json">%DATA%</script>
<script>%SCRIPT%</script>
</body>
</html>
"""

STYLE = """
:root { color-scheme: light dark; --bg:#f4f6fa; --fg:#1d2330; --card:#fff; --muted:#5b6474;
  --line:#d5dbe5; --accent:#2f6fd0; --secret:#8a4fc0; }
@media (prefers-color-scheme: dark) { :root { --bg:#15181f; --fg:#e6e9ef; --card:#1e232c;
  --muted:#a0a8b8; --line:#323a48; --accent:#7aa7ff; --secret:#c69cf0; } }
* { box-sizing: border-box; }
body { margin:0; font:15px/1.45 system-ui, sans-serif; background:var(--bg); color:var(--fg); }
header, nav, main, footer { max-width:1200px; margin:0 auto; padding:8px 16px; }
h1 { font-size:1.4em; margin:8px 0 0; } h2 { font-size:1.1em; margin:0 0 4px; }
#sub, footer, #move .who { color:var(--muted); }
nav { display:flex; flex-wrap:wrap; gap:8px; align-items:center; position:sticky; top:0;
  background:var(--bg); border-bottom:1px solid var(--line); z-index:1; }
button, select, input { font:inherit; }
button { padding:4px 10px; border:1px solid var(--line); border-radius:6px; background:var(--card);
  color:var(--fg); cursor:pointer; } button:disabled { opacity:.45; cursor:default; }
#slider { flex:1 1 200px; } #turn { width:5em; } form { display:inline; margin:0; }
main { display:grid; grid-template-columns:minmax(0,1fr) minmax(0,1fr); gap:16px; }
@media (max-width: 800px) { main { grid-template-columns:1fr; } }
section { background:var(--card); border:1px solid var(--line); border-radius:8px; padding:12px; }
#events { padding-left:20px; margin:6px 0; } #events li.secret { color:var(--secret); }
#events li.none { list-style:none; color:var(--muted); margin-left:-20px; }
#picture { max-width:100%; height:auto; margin-top:8px; border-radius:6px; }
#board { white-space:pre-wrap; font:13px/1.4 ui-monospace, monospace; }
#board .head { color:var(--secret); font-weight:bold; }
#summary { font-weight:bold; } #caption { color:var(--muted); font-size:.9em; }
"""

SCRIPT = r"""
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const steps = data.steps;
  const last = steps.length - 1;
  const turns = steps.length ? steps[last].turn : 0;
  const $ = (id) => document.getElementById(id);
  let at = 0;
  let view = 0;

  function esc(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }
  const ESCAPED = /\\([\\*_~`|#\-\[\]()<>])/g;  // Discord's Markdown escapes (in names)
  function unescape(text) {
    return text.replace(ESCAPED, "$1");
  }
  function marked(text) {  // the light Markdown the bot writes: **bold**, __underline__, `code`
    const kept = [];
    const held = text.replace(ESCAPED, (_, c) => {
      kept.push(c);
      return "\u0000" + (kept.length - 1) + "\u0000";
    });
    return esc(held)
      .replace(/\*\*(.+?)\*\*/g, "<b>$1</b>")
      .replace(/__(.+?)__/g, "<u>$1</u>")
      .replace(/`([^`]+)`/g, "<code>$1</code>")
      .replace(/\u0000(\d+)\u0000/g, (_, n) => esc(kept[Number(n)]));
  }
  function textOf(id) {
    return data.texts[id].map((n) => data.lines[n]).join("\n");
  }
  function plain(text) {  // a line as text: its Markdown marks gone, escapes undone
    return unescape(text.replace(/(?<!\\)(\*\*|__|`)/g, ""));
  }
  function eventsFor(step) {
    const key = data.views[view].key;
    const out = [];
    for (const [text, seen] of step.events) {
      if (seen === null) {
        out.push([text, false]);
      } else if (key === "all") {
        const who = seen.map((s) => unescape(data.names[s]));
        const listed = who.length > 1
          ? who.slice(0, -1).join(", ") + " and " + who[who.length - 1]
          : who[0];
        out.push([text + " (shown only to " + listed + ")", true]);
      } else if (key.startsWith("s") && seen.includes(Number(key.slice(1)))) {
        out.push([text, true]);
      }
    }
    return out;
  }

  function show() {
    const step = steps[at];
    $("where").textContent = at === 0
      ? "Set-up"
      : "Move " + at + " of " + last + " · turn " + step.turn + " of " + turns;
    $("move").textContent = step.mover === null
      ? "The table is set up."
      : step.mover + ": " + plain(step.move);
    const list = $("events");
    list.textContent = "";
    const lines = eventsFor(step);
    for (const [text, secret] of lines) {
      const li = document.createElement("li");
      li.innerHTML = marked(text);
      if (secret) li.className = "secret";
      list.appendChild(li);
    }
    if (!lines.length) {
      const li = document.createElement("li");
      li.className = "none";
      li.textContent = "Nothing to see here for this view.";
      list.appendChild(li);
    }
    const summary = $("summary");
    summary.hidden = !(at === last && data.summary);
    summary.innerHTML = at === last ? marked(data.summary) : "";
    const board = $("board");
    board.innerHTML = textOf(step.text[view]).split("\n").filter((line) => line.trim() !== "```")
      .map((line) =>
      line.startsWith("— ") ? '<span class="head">' + esc(line) + "</span>" : marked(line)
    ).join("\n");
    const picture = $("picture");
    if (step.pic === null || step.pic === undefined || !data.pics[step.pic]) {
      picture.hidden = true;
      picture.removeAttribute("src");
    } else {
      picture.hidden = false;
      picture.src = data.pics[step.pic];
      const when = step.picAt === 0 ? "set-up" : "move " + step.picAt;
      picture.alt = "The board after " + when;
    }
    const caption = $("caption");
    caption.hidden = picture.hidden || step.picAt === at;
    caption.textContent = caption.hidden ? "" : "The picture shows the board after " +
      (step.picAt === 0 ? "set-up" : "move " + step.picAt) + ": this long game keeps one a turn.";
    $("slider").value = String(at);
    $("turn").value = String(step.turn);
    $("first").disabled = $("prev").disabled = at === 0;
    $("next").disabled = $("last").disabled = at === last;
    document.body.dataset.step = String(at);
    document.body.dataset.view = data.views[view].key;
  }
  function go(to) {
    at = Math.max(0, Math.min(last, to));
    show();
  }

  $("title").textContent = data.title;
  const names = data.names.map(unescape);
  $("sub").textContent = data.game + " · " + names.join(", ") + " · " + last + " moves";
  if (data.seed) {
    $("seed").textContent = data.seed;
  } else {
    $("seedline").textContent = data.seedNote || "";
  }
  document.title = data.title + " — replay";
  $("slider").max = String(last);
  $("turn").max = String(turns);
  data.views.forEach((v, i) => {
    const option = document.createElement("option");
    option.value = String(i);
    option.textContent = v.name;
    $("view").appendChild(option);
  });
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(at - 1));
  $("next").addEventListener("click", () => go(at + 1));
  $("last").addEventListener("click", () => go(last));
  $("slider").addEventListener("input", (e) => go(Number(e.target.value)));
  $("view").addEventListener("change", (e) => { view = Number(e.target.value); show(); });
  $("jump").addEventListener("submit", (e) => {
    e.preventDefault();
    const want = Number($("turn").value);
    const found = steps.findIndex((s) => s.turn >= want);
    go(found < 0 ? last : found);
  });
  document.addEventListener("keydown", (e) => {
    // a focused slider, number box or menu uses the arrow keys itself
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "ArrowRight") { go(at + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft") { go(at - 1); e.preventDefault(); }
    else if (e.key === "Home") { go(0); e.preventDefault(); }
    else if (e.key === "End") { go(last); e.preventDefault(); }
  });
  show();
})();
"""
