// The projector view of a tournament's standings (/tournaments/ID/projector): big type, the
// standings after the latest closed round (/api/tournaments/ID/standings), fetched again when
// the club's /ws says a table pushed (a game ended, a round closed) and every few seconds.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const tid = decodeURIComponent(location.pathname.split("/")[2] || "");
  const probe = window.__projector = { loads: 0, standings: null, errors: [] };
  const COLS = [["rank", "#", "rk"], ["player", "player", "pl"], ["points", "points", "pt"],
                ["games", "games", ""], ["wins", "wins", ""], ["objectives", "objectives", ""],
                ["countries", "countries", ""], ["rating", "rating", ""]];
  let soon = null;

  function cell(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    e.textContent = text;
    return e;
  }

  async function load() {
    soon = null;
    try {
      const r = await fetch(`/api/tournaments/${encodeURIComponent(tid)}/standings`, { cache: "no-store" });
      const s = await r.json();
      if (!r.ok) { probe.errors.push(s.error); $("title").textContent = s.error; return; }
      $("title").textContent = s.tournament;
      $("after").textContent = s.rounds_closed ? `after round ${s.rounds_closed}` : "no round closed yet";
      const t = $("standings");
      t.textContent = "";
      const head = document.createElement("tr");
      COLS.forEach(([, label, cls]) => head.append(cell("th", cls, label)));
      t.append(head);
      s.standings.forEach((row) => {
        const tr = document.createElement("tr");
        if (row.rank === 1 && row.games) tr.className = "first";
        COLS.forEach(([k, , cls]) => {
          const v = row[k];
          tr.append(cell("td", cls, k === "rating" ? Number(v).toFixed(1) : String(v)));
        });
        t.append(tr);
      });
      probe.standings = s; probe.loads += 1;
    } catch (e) { probe.errors.push(String(e)); }
  }
  function later() { if (!soon) soon = setTimeout(load, 1000); }

  function connect() {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    ws.onmessage = later;
    ws.onclose = () => setTimeout(connect, 1000);
  }
  load();
  connect();
  setInterval(load, 5000);   // a round closed sends no event: the standings are asked again
})();
