// The projector view of a tournament's standings (/tournaments/ID/projector): big type, the
// standings after the latest closed round (/api/tournaments/ID/standings), fetched again when
// the club's /ws says a table pushed (a game ended, a round closed) and every few seconds.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const tid = decodeURIComponent(location.pathname.split("/")[2] || "");
  const probe = window.__projector = { loads: 0, standings: null, errors: [] };
  // [field, heading, class]; with more rows than ROWS the standings go in columns side by side
  // (a projector does not scroll), each with the fields a room reads first
  const ALL = [["rank", "#", "rk"], ["player", "player", "pl"], ["points", "points", "pt"],
               ["games", "games", "gm"], ["wins", "wins", "wn"], ["objectives", "objectives", "ob"],
               ["countries", "countries", "ct"], ["rating", "rating", "rt"]];
  const FEW = ALL.filter((c) => ["rank", "player", "points", "wins", "rating"].includes(c[0]));
  const ROWS = 16;
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
      const box = $("standings"), rows = s.standings;
      const ncol = Math.max(1, Math.ceil(rows.length / ROWS)), per = Math.ceil(rows.length / ncol) || 1;
      const cols = ncol > 1 ? FEW : ALL;
      box.textContent = "";
      box.className = "standings-box cols" + Math.min(ncol, 3);
      for (let c = 0; c < ncol; c++) {
        const t = document.createElement("table");
        t.className = "standings";
        const head = document.createElement("tr");
        head.className = "head";
        cols.forEach(([, label, cls]) => head.append(cell("th", cls, label)));
        t.append(head);
        rows.slice(c * per, (c + 1) * per).forEach((row) => {
          const tr = document.createElement("tr");
          if (row.rank === 1 && row.games) tr.className = "first";
          cols.forEach(([k, , cls]) => {
            const v = row[k];
            const td = cell("td", cls, k === "rating" ? Number(v).toFixed(1) : String(v));
            if (k === "player") td.title = String(v);   // cut short in its column: whole here
            tr.append(td);
          });
          t.append(tr);
        });
        box.append(t);
      }
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
