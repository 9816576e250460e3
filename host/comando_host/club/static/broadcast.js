// The club's broadcast page: every table at once, live. Its cards come from the club's /ws feed
// (club/live.py: after {"op":"cards"} each push brings its table's card) and, as the page starts
// or reconnects, from /api/broadcast. Each small map is the board's SVG from the club
// (comando_host/maps/svgmap.py, the table page's map), coloured here in place. Every name is
// set as text (textContent), never as HTML.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  // What tests and benches read: each applied card's game, seq and wall-clock time (ms).
  const probe = window.__club = { updates: [], cards: {}, ready: false, errors: [] };
  const shown = {};        // table id -> { game, seq, el }
  const boards = {};       // board id -> a promise of its SVG text
  let ws = null;

  function now() { return performance.timeOrigin + performance.now(); }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function showError(text) {
    probe.errors.push(text);
    const e = $("error"); e.textContent = text; e.hidden = false;
    clearTimeout(showError.t); showError.t = setTimeout(() => { e.hidden = true; }, 4000);
  }
  function mode(text, live) { const m = $("mode"); m.textContent = text; m.className = "mode" + (live ? " live" : ""); }

  function boardSvg(card) {
    if (!card.board) return Promise.resolve(null);
    if (!boards[card.board]) {
      boards[card.board] = fetch(`/api/games/${encodeURIComponent(card.game)}/map.svg`)
        .then((r) => (r.ok ? r.text() : null)).catch(() => null);
      boards[card.board].then((t) => { if (t === null) delete boards[card.board]; });
    }
    return boards[card.board];
  }

  function make(card) {
    const a = el("a", "tcard");
    a.dataset.table = card.table;
    const head = el("div", "thead");
    head.append(el("span", "tname", card.tablename), el("span", "tgame", ""));
    const map = el("div", "tmap");
    a.append(head, map, el("div", "tturn"), el("div", "tplayers"), el("div", "tbattle"));
    return a;
  }

  async function drawMap(box, card) {
    if (box.dataset.board !== card.board) {
      box.dataset.board = card.board || "";
      box.innerHTML = "";
      const svg = await boardSvg(card);
      if (svg === null || box.dataset.board !== (card.board || "")) return;
      box.innerHTML = svg;
      // one copy per table: the country ids are the table page's, not this page's
      box.querySelectorAll("[id]").forEach((e) => e.removeAttribute("id"));
      box.dataset.ready = "1";
    }
    if (!box.dataset.ready || !card.map) return;
    const hot = new Set(card.hot || []);
    box.querySelectorAll(".country").forEach((g, i) => {
      const disc = g.querySelector(".disc"), army = g.querySelector(".army");
      const pl = card.players[card.owner[i]];
      const fill = pl ? pl.fill : "#ffffff", ink = pl ? pl.ink : "#111";
      if (disc.getAttribute("fill") !== fill) disc.setAttribute("fill", fill);
      if (army.getAttribute("fill") !== ink) army.setAttribute("fill", ink);
      const text = card.owner[i] >= 0 || card.armies[i] ? String(card.armies[i]) : "";
      if (army.textContent !== text) army.textContent = text;
      g.classList.toggle("hot", hot.has(i));
    });
  }

  function draw(card) {
    const had = shown[card.table];
    // a card older than the one shown (a late answer, a reconnect's snapshot) changes nothing
    if (had && had.game === card.game && had.seq >= card.seq) return;
    $("none").hidden = true;
    let a = had && had.el;
    if (!a) {
      a = make(card);
      const all = Array.from($("tables").querySelectorAll(".tcard"));
      const next = all.find((x) => Number(x.dataset.table) > card.table);
      $("tables").insertBefore(a, next || null);
    }
    shown[card.table] = { game: card.game, seq: card.seq, el: a };
    probe.cards[card.table] = card;
    a.href = "/games/" + encodeURIComponent(card.game);
    a.dataset.game = card.game; a.dataset.seq = card.seq;
    const [head, map, turn, players, battle] = a.children;
    head.children[1].textContent = `${card.rsname || card.ruleset || ""}${card.boardname ? " on " + card.boardname : ""} - event ${card.seq}`;
    drawMap(map, card);
    const t = card.turn || {};
    turn.textContent = (t.round ? `Round ${t.round} - ` : "") + (t.status || t.phase || "");
    turn.className = "tturn" + (t.phase === "over" ? " over" : "");
    players.textContent = "";
    card.players.forEach((p, i) => {
      const s = el("span", "tp" + (i === t.cur ? " cur" : "") + (p.alive === false ? " out" : ""));
      const sw = el("span", "sw"); sw.style.background = p.fill;
      s.append(sw, el("span", "nm", p.name), document.createTextNode(p.countries !== undefined ? " " + p.countries : ""));
      s.title = p.name;
      players.append(s);
    });
    battle.textContent = "";
    const b = card.battle;
    if (!b) battle.textContent = "no battle yet";
    else {
      if (b.ad) {
        b.ad.forEach((d) => battle.append(el("span", "die a", String(d || "?"))));
        battle.append(document.createTextNode(" vs "));
        b.dd.forEach((d) => battle.append(el("span", "die d", String(d || "?"))));
        battle.append(document.createTextNode(` -${b.al}/-${b.dl} `));
      }
      battle.append(document.createTextNode(`#${b.seq} ${b.text}`));
    }
    probe.updates.push({ game: card.game, seq: card.seq, t: now() });
    if (probe.updates.length > 20000) probe.updates.splice(0, 10000);
  }

  async function snapshot() {
    try {
      const r = await fetch("/api/broadcast");
      const body = await r.json();
      if (!r.ok) { showError(body.error || "the club did not answer"); return; }
      body.cards.forEach(draw);
      probe.ready = true;
    } catch (e) { showError("the club did not answer: " + e); }
  }

  function connect() {
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    ws.onopen = () => { ws.send('{"op":"cards"}'); mode("live", true); snapshot(); };
    ws.onmessage = (m) => { const msg = JSON.parse(m.data); if (msg.card) draw(msg.card); };
    ws.onclose = () => { mode("reconnecting", false); setTimeout(connect, 500); };
  }
  connect();
})();
