// The live page: one WebSocket to the server (comando_host/web/app.py), the board's SVG drawn
// by the server (comando_host/maps/svgmap.py) and updated here in place, country i = <g id="c{i}">.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  // The club's copy of this page (comando_host/club/broadcast.py): one game of the club, read
  // only, its views fetched over HTTP when the club's /ws says the game moved (no input half).
  const clubGame = (document.querySelector('meta[name="comando-club-game"]') || {}).content || "";
  const want = clubGame || params.get("game") || "latest";
  // What tests and benches read: each applied view's seq and wall-clock time (ms since epoch).
  const probe = window.__comando = { updates: [], applied: 0, lastApplyMs: 0, mapReady: false,
                                     renderMs: 0, game: null, errors: [] };
  // The input half (input.js) hooks in here: page.on.view(v) after each drawn view, page.on.msg(m)
  // for the server's other answers; page.send(obj) writes to the socket.
  // The server's secret, in the HTML it served (a page of another origin cannot read it): sent
  // with every message, input is refused without it.
  const key = (document.querySelector('meta[name="comando-key"]') || {}).content || "";
  const page = window.__page = { on: {}, send: (obj) => { if (ws && ws.readyState === 1) { ws.send(JSON.stringify(Object.assign({ token: key }, obj))); return true; } return false; },
                                 error: (t) => showError(t), game: () => game };
  let ws = null, game = null, mapFor = null, last = null, total = 0;

  // The page's language: the switch's choice (?lang=, else the last one picked on this browser),
  // else the game's table language (the server's hello says it), else the server's own (its
  // <meta name="comando-lang">). Its words: GET /api/texts/CODE, {English: translation}, from the
  // catalogues the terminal reads too; a text a catalogue lacks stays English.
  const LANG_KEY = "comando-lang";
  const serverLang = (document.querySelector('meta[name="comando-lang"]') || {}).content || "en";
  let chosen = params.get("lang") || (window.localStorage && localStorage.getItem(LANG_KEY)) || "";
  let gameLang = "", lang = "en", words = {}, langs = [["en", "English"]];
  function T(msgid, fields) {
    const s = words[msgid] || msgid;
    return fields ? s.replace(/\{(\w+)\}/g, (m, k) => (k in fields ? String(fields[k]) : m)) : s;
  }
  const locale = () => lang.replace("_", "-");
  // numbers and dates in the page's language (12,5 in es and pt_BR)
  function num(x, digits) {
    return new Intl.NumberFormat(locale(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(x);
  }
  function date(seconds) {
    return new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
  }
  function translateMarked() {
    document.querySelectorAll("[data-t]").forEach((el) => {
      if (el.dataset.tMsg === undefined) el.dataset.tMsg = el.textContent.split(/\s+/).join(" ").trim();
      el.textContent = T(el.dataset.tMsg);
    });
    document.querySelectorAll("[data-ta]").forEach((el) => {
      el.dataset.ta.split(",").forEach((a) => {
        const k = "tOrig" + a.replace(/-./g, (x) => x[1].toUpperCase()).replace(/^./, (x) => x.toUpperCase());
        if (el.dataset[k] === undefined) el.dataset[k] = el.getAttribute(a) || "";
        el.setAttribute(a, T(el.dataset[k]));
      });
    });
  }
  function drawLangs() {
    const sel = $("lang");
    sel.innerHTML = `<option value="">${esc(T("the game's"))}</option>` +
      langs.map(([c, n]) => `<option value="${esc(c)}">${esc(n)}</option>`).join("");
    sel.value = chosen;
  }
  const loaded = {};
  let titleSaid = "";   // the server's words for the title while there is no game (waiting, error)
  async function setLang(code) {
    if (!loaded[code]) {
      try {
        const r = await fetch(`/api/texts/${encodeURIComponent(code)}`);
        if (!r.ok) { showError((await r.json()).error); return; }
        loaded[code] = await r.json();
      } catch (e) { return; }   // no server: the socket says so
    }
    const cat = loaded[code];
    lang = cat.lang; words = cat.texts; langs = cat.langs; probe.lang = lang;
    document.documentElement.lang = locale();
    translateMarked(); drawLangs();
    // no game yet: the server's own words if it said any (a language fetched after them must not
    // put the page's placeholder back over them), else the placeholder in the new language
    if (!game) $("title").textContent = titleSaid || T("waiting for a game...");
    document.title = T("Comando - the table's map");   // (<title> stays plain: a tab's name)
    for (const k in drawn) delete drawn[k];
    if (last) apply(last);
    if (page.on.lang) page.on.lang(lang);
  }
  function pickLang() { return setLang(chosen || gameLang || serverLang); }
  page.T = T; page.num = num; page.lang = () => lang;
  let seeking = false, pendingSeek = null, dragging = false;

  function now() { return performance.timeOrigin + performance.now(); }
  function esc(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }
  function showError(text) {
    probe.errors.push(text);
    const e = $("error"); e.textContent = text; e.hidden = false;
    clearTimeout(showError.t); showError.t = setTimeout(() => { e.hidden = true; }, 4000);
  }

  async function loadGames() {
    try {
      const games = await (await fetch("/api/games")).json();
      const sel = $("games");
      sel.innerHTML = `<option value="latest">${esc(T("latest"))}</option>` + games.map((g) =>
        `<option value="${esc(g.id)}" title="${esc(T("updated {when}", { when: date(g.updated) }))}">${esc(g.id)} - ${esc(g.ruleset || "?")} ${esc(g.board || "")} (${g.events})</option>`).join("");
      sel.value = want === "latest" ? "latest" : want;
    } catch (e) { /* the list is a convenience; the socket says what is wrong */ }
  }

  // mapBoard: the board whose map was asked for; mapFailed: when that ask failed or was dropped
  // (a newer game took the page meanwhile), so a later view asks again, at most once a second.
  let loading = false, mapBoard = null, mapFailed = 0;
  async function loadMap(gid, board) {
    mapFor = gid; probe.mapReady = false; loading = true; mapBoard = board || null; mapFailed = 0;
    try { await fetchMap(gid); } finally {
      loading = false;
      if (!probe.mapReady) {
        mapFailed = now();
        // a view naming the board came while this ask was in flight (apply() skips asking
        // then): ask again now, as no later view may come (a table-dealt game waits for its deal)
        if (gid === game && last && last.game === gid && last.board && last.board !== mapBoard)
          loadMap(gid, last.board);
      }
    }
  }

  async function fetchMap(gid) {
    const t0 = performance.now();
    const r = await fetch(`/api/games/${encodeURIComponent(gid)}/map.svg`);
    if (gid !== game) return;
    if (!r.ok) {
      let why = T("no map"); try { why = (await r.json()).error; } catch (e) { /* keep */ }
      $("map").innerHTML = `<div class="nomap">${esc(why)}</div>`;
      return;
    }
    $("map").innerHTML = await r.text() +
      `<div id="mapnote" class="mapnote" hidden>${esc(T("a table session: the device rolls and keeps turns; the map is not tracked (map mode off)"))}</div>`;
    probe.mapReady = true;
    if (last) apply(last);
    probe.renderMs = performance.now() - t0;
  }

  // The club's mode: a view fetched when asked (its /ws names the game and seq), one at a time;
  // seeking asks for the view at that event (view?at=N), as the table's socket answers a seek.
  let fetching = false, again = false, clubAt = null;
  async function clubView() {
    if (fetching) { again = true; return; }
    fetching = true; again = false;
    try {
      const q = clubAt === null ? "" : "?at=" + clubAt;
      const r = await fetch(`/api/games/${encodeURIComponent(clubGame)}/view${q}`);
      const v = await r.json();
      if (!r.ok) showError(v.error || "the club did not answer");
      else {
        if (game !== v.game) { game = probe.game = v.game; last = null; loadMap(v.game, v.board); }
        seeking = false; apply(v);
      }
    } catch (e) { showError("the club did not answer: " + e); }
    fetching = false;
    if (again) clubView();
  }
  function clubConnect() {
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    ws.onopen = () => clubView();
    ws.onmessage = (m) => { const msg = JSON.parse(m.data); if (msg.game === clubGame && clubAt === null) clubView(); };
    ws.onclose = () => setTimeout(clubConnect, 500);
  }

  function connect() {
    if (clubGame) { clubConnect(); return; }
    ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    // (the reader's language with it: the server words its lines in it, "" the game's own)
    ws.onopen = () => ws.send(JSON.stringify({ op: "watch", game: want, lang: chosen }));
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === "game") {
        game = probe.game = msg.game; total = msg.total; last = null;
        $("slider").max = total;
        if (msg.lang && msg.lang !== gameLang) { gameLang = msg.lang; if (!chosen) pickLang(); }
        loadMap(msg.game); loadGames();
        if (page.on.msg) page.on.msg(msg);
      } else if (msg.type === "view") {
        if (msg.game !== game) return;
        seeking = false;
        apply(msg);
        if (pendingSeek !== null) { const at = pendingSeek; pendingSeek = null; seek(at); }
      } else if (msg.type === "total") {
        total = msg.total; $("slider").max = total; pos();
      } else if (msg.type === "waiting") {
        $("title").textContent = titleSaid = msg.text;
      } else if (msg.type === "error") {
        seeking = false; showError(msg.error);
        if (!game) $("title").textContent = titleSaid = msg.error;   // nothing to show: say why, and stay
        if (page.on.msg) page.on.msg(msg);
      } else if (page.on.msg) {
        page.on.msg(msg);   // sent, done, options, created: the input half's
      }
    };
    ws.onclose = () => setTimeout(connect, 500);
  }

  function pos() { $("pos").textContent = `${$("slider").value} / ${total}`; }

  function setMode(live) {
    const m = $("mode"); m.className = "mode " + (live ? "live" : "replay");
    m.textContent = live ? T("live") : T("replay");
  }

  function apply(v) {
    const t0 = performance.now();
    // the game was filed before its first event named the board: fetch the map once it does
    if (!probe.mapReady && !loading && v.board
        && (v.board !== mapBoard || (mapFailed && now() - mapFailed > 1000))) loadMap(v.game, v.board);
    last = v; total = v.total;
    const s = $("slider"); s.max = v.total; if (!dragging) s.value = v.at; pos();
    setMode(v.at >= v.total);
    const rs = v.rsname || v.ruleset || T("game");
    $("title").textContent = v.board
      ? T("{rules} on {board} - game {game} - event {seq}", { rules: rs, board: v.boardname || v.board, game: v.game, seq: v.seq })
      : T("{rules} - game {game} - event {seq}", { rules: rs, game: v.game, seq: v.seq });
    const note = $("mapnote"); if (note) note.hidden = v.map;
    drawMap(v); drawSide(v);
    if (page.on.view) page.on.view(v);
    probe.applied += 1; probe.lastApplyMs = performance.now() - t0;
    probe.updates.push({ seq: v.seq, at: v.at, t: now(), t0: v.t0, sent: v.sent, dt: probe.lastApplyMs });
    if (probe.record) probe.record.push({ seq: v.seq, cells: readMap() });
    if (probe.updates.length > 20000) probe.updates.splice(0, 10000);
  }

  function drawMap(v) {
    if (!probe.mapReady || mapFor !== v.game) return;
    const hot = new Set(v.hot || []);
    const off = new Set(v.off || []);
    const n = v.owner ? v.owner.length : document.querySelectorAll("#map .country").length;
    for (let i = 0; i < n; i++) {
      const g = document.getElementById("c" + i);
      if (!g) continue;
      const disc = g.firstElementChild.nextElementSibling;   // <title>, then the disc
      const army = disc.nextElementSibling, badge = army.nextElementSibling.nextElementSibling;
      let fill = "#ffffff", ink = "#111", text = "";
      if (v.map) {
        const o = v.owner[i], pl = v.players[o];
        if (pl) { fill = pl.fill; ink = pl.ink; }
        else if (v.mix && v.mix[i] && v.mix[i].length > 1) { fill = mixFill(g, i, v); ink = "#111"; }
        text = o >= 0 || v.armies[i] ? String(v.armies[i]) : "";
      }
      if (disc.getAttribute("fill") !== fill) disc.setAttribute("fill", fill);
      if (army.getAttribute("fill") !== ink) army.setAttribute("fill", ink);
      if (army.textContent !== text) army.textContent = text;
      const b = (v.badges && v.badges[i]) || "";
      if (badge.textContent !== b) badge.textContent = b;
      g.classList.toggle("hot", hot.has(i));
      g.classList.toggle("off", off.has(i));
    }
  }

  // T.E.G. II: a region several powers hold is drawn in bands of their colours, each as wide as
  // its share of the units there (a gradient of hard stops, one per region, in the map's defs).
  function mixFill(g, i, v) {
    const svg = g.ownerSVGElement, ns = "http://www.w3.org/2000/svg";
    let defs = svg.querySelector("defs");
    if (!defs) { defs = document.createElementNS(ns, "defs"); svg.insertBefore(defs, svg.firstChild); }
    let grad = svg.getElementById ? svg.getElementById("mix" + i) : null;
    if (!grad) { grad = document.createElementNS(ns, "linearGradient"); grad.id = "mix" + i; defs.appendChild(grad); }
    const here = v.mix[i], total = here.reduce((t, h) => t + Math.max(1, h[1] + h[3]), 0);
    let at = 0, stops = "";
    here.forEach((h) => {
      const col = (v.players[h[0]] || {}).fill || "#999", to = at + Math.max(1, h[1] + h[3]) / total;
      stops += `<stop offset="${at}" stop-color="${col}"/><stop offset="${to}" stop-color="${col}"/>`;
      at = to;
    });
    if (grad.innerHTML !== stops) grad.innerHTML = stops;
    return `url(#mix${i})`;
  }

  // What the map shows now, read back from the DOM: [fill, armies text] per country (tests).
  function readMap() {
    return Array.from(document.querySelectorAll("#map .country"), (g) => {
      const disc = g.querySelector(".disc"), army = g.querySelector(".army");
      return [disc.getAttribute("fill"), army.textContent];
    });
  }

  // Redraw a part of the side panel only when its data changed (most events touch two parts).
  const drawn = {};
  function changed(part, data) {
    const key = JSON.stringify(data);
    if (drawn[part] === key) return false;
    drawn[part] = key; return true;
  }

  function drawSide(v) {
    const t = v.turn || {};
    if (!changed("side", [v.game, t, v.situation, v.clock, v.players, v.luck, v.battles.map((b) => b.seq), v.pacts, v.teg2])) {
      drawLog(v); return;
    }
    $("status").textContent = (t.round && !v.teg2 ? T("Round {n}", { n: t.round }) + " - " : "") + (t.status || t.phase || "");
    const sit = $("situation");
    if (v.situation) { sit.hidden = false; sit.innerHTML = `<b>${esc(v.situation.name)}</b>: ${esc(v.situation.text)}`; }
    else sit.hidden = true;
    // the game clock, as of this event's stamp (the warning: under 20 s of a turn, 5 min of the game)
    const clk = $("clock");
    if (v.clock) {
      clk.hidden = false;
      clk.className = "gameclock" + (v.clock.warn ? " warn" : "");
      clk.innerHTML = v.clock.lines.map((x) => esc(x)).join("<br>");
    } else clk.hidden = true;
    // the ruleset's own columns (T.E.G. II: war potential, regions, units, aircraft, SU, points)
    const cols = v.columns || [["countries", T("countries")], ["armies", T("armies")], ["cards", T("cards")]];
    const rows = [`<tr><th>${esc(T("player"))}</th>` + cols.map((c) => `<th>${esc(T(c[1]))}</th>`).join("") + "</tr>"];
    v.players.forEach((p, i) => {
      const cls = (i === t.cur ? "cur" : "") + (p.alive === false ? " out" : "");
      const conts = p.continents && p.continents.length ? `<span class="conts">${esc(p.continents.join(", "))}</span>` : "";
      rows.push(`<tr class="${cls}"><td class="who"><span class="sw" style="background:${p.fill}"></span><span class="nm" title="${esc(p.name)}">${esc(p.name)}</span>${conts}</td>` +
        cols.map((c) => `<td>${esc(p[c[0]] ?? "")}</td>`).join("") + "</tr>");
    });
    $("players").innerHTML = rows.join("");
    $("luckcard").hidden = v.dice === false;   // T.E.G. II has no dice
    if (v.dice !== false) drawLuck(v);
    drawTeg2(v);
    $("battles").innerHTML = (v.battles || []).map((b) => {
      if (!b.ad) return commandBattle(v, b);
      // a face of 0: the table told its losses only (the table's own dice, issue 26)
      const a = b.ad.map((d) => `<span class="die a">${d || "?"}</span>`).join("");
      const d = b.dd.map((x) => `<span class="die d">${x || "?"}</span>`).join("");
      return `<div class="b"><div class="t">#${b.seq} ${esc(b.text)}</div><div class="dice">${a}<span class="vs">vs</span>${d}` +
        `<span class="loss">${esc(T("attacker -{a}, defender -{d}", { a: b.al, d: b.dl }))}${b.tb ? " " + esc(T("(the table's dice)")) : ""}</span></div></div>`;
    }).join("") || `<div class="t">${esc(T("no battle yet"))}</div>`;
    const pacts = v.pacts || [];
    $("pactcard").hidden = pacts.length === 0;
    $("pacts").innerHTML = pacts.map((p) => `<li>${esc(p)}</li>`).join("");
    drawLog(v);
  }

  function who(v, seat) {
    const p = v.players[seat] || { name: T("seat {n}", { n: seat }), fill: "#999" };
    return `<span class="sw" style="background:${p.fill}"></span>${esc(p.name)}`;
  }

  // A T.E.G. II combat: the two battle commands (shown once revealed: the view holds no other).
  function commandBattle(v, b) {
    const head = `<div class="t">#${b.seq} ${esc(b.rg || "")}: ${who(v, b.p)} v ${who(v, b.d)}</div>`;
    if (b.retreat) return `<div class="b">${head}<div class="t">${esc(b.text)}</div></div>`;
    const cmd = (c, side) => String(c).split("/").map((x) => `<span class="clock ${side}">${esc(x)}</span>`).join("");
    return `<div class="b">${head}<div class="dice">${cmd(b.cmd[0], "a")}<span class="vs">vs</span>${cmd(b.cmd[1], "d")}` +
      (b.won ? `<span class="loss">${esc(T("battles {a}-{d}", { a: b.won[0], d: b.won[1] }))}</span>` : "") + `</div><div class="t">${esc(b.text)}</div></div>`;
  }

  // "INTERVENTION 3" -> "IV3", "NON-INTERVENTION 2" -> "NI2", "CONTROL 5" -> "CTL5"
  function short(what) {
    return String(what).replace("NON-INTERVENTION ", "NI").replace("INTERVENTION ", "IV").replace("CONTROL ", "CTL");
  }

  function drawTeg2(v) {
    const x = v.teg2;
    $("teg2card").hidden = $("tokencard").hidden = !x;
    $("regioncard").hidden = !x || !x.regions.length;
    if (!x) return;
    $("teg2level").textContent = T("{level} level", { level: x.level }) + (x.rounds ? ", " + T("round {n} of {of}", { n: x.round, of: x.rounds }) : "");
    const tr = x.track, cells = [];
    for (let l = tr.min; l <= tr.max; l++) {
      const marks = (l === tr.su_level ? "SU" : "") + (tr.rocket_levels.includes(l) ? "R" : "");
      const here = tr.wp.map((w, i) => w === l ? `<span class="pawn" style="background:${(v.players[i] || {}).fill || "#999"}" title="${esc((v.players[i] || {}).name || "")}"></span>` : "").join("");
      cells.push(`<div class="lvl"><div class="n">${l}${marks ? `<small>${marks}</small>` : ""}</div><div class="pawns">${here}</div></div>`);
    }
    $("track").innerHTML = cells.join("");
    const war = $("war");
    war.hidden = !x.war;
    if (x.war) war.innerHTML = `${esc(T("combat in"))} <b>${esc(x.war.rg)}</b>: ${who(v, x.war.a)} v ${who(v, x.war.d)} - ${esc(x.war.state)}`;
    const count = $("count");
    count.hidden = !x.count;
    if (x.count) count.innerHTML = esc(T("final count:")) + " " + x.count.names.map((n, s) =>
      `<span class="${x.count.win.includes(s) ? "won" : ""}">${esc(n)} ${x.count.tot[s]}</span>`).join(", ");
    $("tokens").innerHTML = x.tokens.map((mine, p) => `<div class="tk">${who(v, p)}: ` + (mine.map((k) =>
      `<span class="tok${k.hidden ? " down" : ""}${k.ok === true ? " yes" : k.ok === false ? " no" : ""}" title="${esc(k.what)}">${esc(short(k.what))} <small>${esc(k.where)}</small></span>`).join(" ") || "-") + "</div>").join("");
    $("regions").innerHTML = x.regions.map((r) => `<div class="rg"><b>${esc(r.name)}</b>${r.sea ? ` <small>${esc(T("sea: ships"))}</small>` : ""}${r.boom ? ` <span class="boom">${esc(T("atomic mushroom"))}</span>` : ""}: ` +
      r.forces.map((f) => `${who(v, f[0])} ${f[1]}${f[2] ? ` A${f[2]}` : ""}${f[3] ? " SU" : ""}`).join(", ") +
      (r.rockets.length ? ` <span class="boom">R ${r.rockets.map((p) => esc((v.players[p] || {}).name || p)).join(", ")}</span>` : "") + "</div>").join("");
  }

  function drawLog(v) {
    if (!changed("log", [v.game, v.seq, v.at])) return;
    $("log").innerHTML = (v.log || []).map(([s, text]) => `<li><span class="s">#${s}</span>${esc(text)}</li>`).join("");
  }

  function drawLuck(v) {
    const W = 340, H = 120, pad = 8;
    let lo = -2, hi = 2, smax = 1;
    v.luck.forEach((l) => l.series.forEach(([s, y]) => { lo = Math.min(lo, y); hi = Math.max(hi, y); smax = Math.max(smax, s); }));
    const X = (s) => pad + (W - 2 * pad) * s / smax, Y = (y) => pad + (H - 2 * pad) * (hi - y) / (hi - lo);
    let out = `<line x1="${pad}" x2="${W - pad}" y1="${Y(0)}" y2="${Y(0)}" stroke="#94a3b8" stroke-dasharray="3 3"/>`;
    out += `<text x="${W - pad}" y="${Y(0) - 3}" font-size="9" text-anchor="end" fill="#64748b">${esc(T("as expected"))}</text>`;
    v.luck.forEach((l, i) => {
      if (!l.series.length) return;
      const pts = [[0, 0]].concat(l.series).map(([s, y]) => `${X(s).toFixed(1)},${Y(y).toFixed(1)}`).join(" ");
      const col = v.players[i] ? v.players[i].fill : "#333";
      out += `<polyline points="${pts}" fill="none" stroke="${col}" stroke-width="2" ${col === "#f8fafc" ? 'stroke-opacity="1" style="filter:drop-shadow(0 0 1px #000)"' : ""}/>`;
    });
    $("luck").innerHTML = out;
    $("luckrows").innerHTML = v.luck.map((l, i) => {
      const p = v.players[i] || { name: T("seat {n}", { n: i }), fill: "#999" };
      const d = l.lost - l.expected, cls = d > 0.5 ? "bad" : d < -0.5 ? "good" : "";
      return `<span class="nm" title="${esc(p.name)}"><span class="sw" style="background:${p.fill}"></span>${esc(p.name)}</span><span>${esc(T("lost {lost} / expected {expected}", { lost: l.lost, expected: num(l.expected, 1) }))}</span>` +
        `<span class="${cls}">${d > 0 ? "+" : ""}${num(d, 1)}</span>`;
    }).join("");
  }

  function seek(at) {
    if (clubGame) { clubAt = at >= total ? null : at; clubView(); return; }
    if (!ws || ws.readyState !== 1) return;
    if (seeking) { pendingSeek = at; return; }   // one request in flight; the latest wins
    seeking = true;
    ws.send(JSON.stringify({ op: "seek", at: at, t0: now() }));
  }

  const s = $("slider");
  s.addEventListener("input", () => { dragging = true; pos(); seek(Number(s.value)); });
  s.addEventListener("change", () => { dragging = false; });
  $("live").addEventListener("click", () => {
    if (clubGame) { clubAt = null; clubView(); return; }
    if (ws && ws.readyState === 1) ws.send(JSON.stringify({ op: "live" }));
  });
  $("games").addEventListener("change", (e) => {
    const q = e.target.value === "latest" ? "" : "?game=" + encodeURIComponent(e.target.value);
    location.search = q;
  });
  probe.seek = seek;
  // The bench draws a board with a view of its own (bench/bench_web.py: a 72-country board).
  probe.show = (svg, v) => {
    game = mapFor = v.game;
    $("map").innerHTML = svg;
    probe.mapReady = true;
    apply(v);
  };
  $("lang").addEventListener("change", (e) => {
    chosen = e.target.value;
    try { if (chosen) localStorage.setItem(LANG_KEY, chosen); else localStorage.removeItem(LANG_KEY); } catch (x) { /* private mode */ }
    pickLang();
    // the server's lines (the log, the status, the battles) in this reader's language
    if (ws && ws.readyState === 1 && !clubGame) ws.send(JSON.stringify({ op: "lang", lang: chosen }));
  });
  pickLang();
  if (!clubGame) loadGames();
  connect();
})();
