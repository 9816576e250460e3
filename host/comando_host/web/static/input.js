// The page's input half: click a country (then a second one), type a number, press the buttons
// the phase needs. Everything is checked by the server with the engine (comando_host/web/
// pageinput.py) and sent to the linked device or stored by the laptop; a refusal is the engine's
// one line. A table's own deal is entered a colour at a time. Keyboard: Tab reaches every
// country (Enter or Space clicks it), the name box picks one by name, Escape cancels.
"use strict";
(function () {
  const page = window.__page;
  if (!page) return;
  const $ = (id) => document.getElementById(id);
  const probe = window.__comando;
  const T = page.T;
  probe.input = { sent: [], done: [], mode: "" };
  let inp = null, view = null, sel = -1, opts = null, busy = false, enter = true;
  let deal = null;           // {owner: [seat per country], seat: the colour being dealt}
  let movedIn = "";          // the conquest the armies box was last set for
  let attacksOver = null;    // "End attack" pressed: [seat, seq of that turn's start]: no attack offered
  let names = [];            // country names, for the name box
  let pick = null;           // the table's dice picker: {f, to, td: the server's counts, ad, dd}
  let again = -1;            // "Attack again" in a game of the table's dice: its target, asked

  function msg(text, bad) {
    const m = $("inmsg"); m.textContent = text || ""; m.className = "inmsg" + (bad ? " bad" : "");
  }
  function countries() { return Array.from(document.querySelectorAll("#map .country")); }
  function mark() {
    countries().forEach((g, i) => {
      g.classList.toggle("sel", i === sel);
      g.classList.toggle("target", !!(opts && sel >= 0 && opts.attack.includes(i)));
      g.classList.toggle("dest", !!(opts && sel >= 0 && (String(i) in opts.regroup)));
    });
    $("incancel").hidden = sel < 0;
  }
  function reset() { sel = -1; opts = null; mark(); drawOdds(null); pick = null; drawPicker(); }

  // The table's own dice (issue 26; docs/decisions/table-dice.md): an attack asks the table's
  // result instead of rolling. The server sends each target's dice counts and, when the table
  // tells losses (dice=table), the results those dice can give, likeliest first; a click on a
  // result sends it, or the faces clicked die by die (dice=table-faces: the only way, so the
  // table's luck is charted). The server's act checks it like any event.
  function openPicker(f, to, td) {
    sel = f; mark();
    pick = { f: f, to: to, td: td, ad: new Array(td.a).fill(0), dd: new Array(td.d).fill(0) };
    drawPicker();
    msg(`the table rolls ${td.a} ${td.a === 1 ? "die" : "dice"} against ${td.d}: ` +
        (td.outs ? "click the losses, or the faces" : "click each die's face") + " (Escape cancels)");
  }
  function drawPicker() {
    const box = $("intdice");
    probe.input.picker = pick ? { f: pick.f, to: pick.to, a: pick.td.a, d: pick.td.d,
                                  outs: pick.td.outs || null, ad: pick.ad, dd: pick.dd } : null;
    if (!pick) { box.hidden = true; box.innerHTML = ""; return; }
    const td = pick.td;
    const army = (i) => (view && view.armies ? ` (${view.armies[i]})` : "");
    let html = `<div class="tdhead">The table's dice: ${escape(names[pick.f])}${army(pick.f)} attacks ` +
      `${escape(names[pick.to])}${army(pick.to)}</div>`;
    if (td.outs) {
      html += '<div class="tdrow"><span class="h">losses</span>' + td.outs.map((o, k) =>
        `<button class="tdloss${k === 0 ? " primary" : ""}" data-k="${k}">attacker ${o[0] ? "-" + o[0] : "0"}, defender ${o[1] ? "-" + o[1] : "0"}` +
        ` <small>${Math.round(100 * o[2] / td.total)}%</small></button>`).join("") + "</div>";
    }
    [["ad", "attacker"], ["dd", "defender"]].forEach(([k, who]) => {
      html += `<div class="tdrow ${k}"><span class="h">${who}</span>`;
      pick[k].forEach((v, i) => {
        html += `<span class="tddie" role="group" aria-label="${who}'s die ${i + 1}">` + [1, 2, 3, 4, 5, 6].map((n) =>
          `<button class="face${v === n ? " on" : ""}" data-k="${k}" data-i="${i}" data-v="${n}" ` +
          `aria-pressed="${v === n}" aria-label="${who}'s die ${i + 1}: ${n}">${n}</button>`).join("") + "</span>";
      });
      html += "</div>";
    });
    const ready = pick.ad.every((v) => v > 0) && pick.dd.every((v) => v > 0);
    html += `<div class="tdrow"><button id="tdsend" class="primary"${ready ? "" : " disabled"}>Send the faces</button></div>`;
    box.innerHTML = html; box.hidden = false;
    box.querySelectorAll("button.face").forEach((b) => b.addEventListener("click", () => {
      pick[b.dataset.k][Number(b.dataset.i)] = Number(b.dataset.v); drawPicker();
    }));
    box.querySelectorAll("button.tdloss").forEach((b) => b.addEventListener("click", () => {
      const o = td.outs[Number(b.dataset.k)];
      act({ t: "attack", f: pick.f, to: pick.to, al: o[0], dl: o[1] });
    }));
    $("tdsend").addEventListener("click", () => {
      act({ t: "attack", f: pick.f, to: pick.to, ad: pick.ad.slice(), dd: pick.dd.slice() });
    });
  }
  function attack(f, to) {
    if (inp && inp.dice && opts && opts.tdice && opts.tdice[String(to)]) {
      openPicker(f, to, opts.tdice[String(to)]); return;
    }
    act({ t: "attack", f: f, to: to });                 // offered, or the engine's refusal
  }

  // The attack panel (issue 26): for each country the selected one may attack, the chance of
  // taking it now, the armies that give 80%, and the best chain one country further. The
  // server computes them (web/attackodds.py) and sends them with the options.
  function pct(p) {   // in the page's language's numbers (43,74% in es and pt_BR)
    if (p <= 0) return "0%";
    if (p >= 1) return "100%";
    if (p < 0.0001) return "<" + page.num(0.01, 2) + "%";
    if (p > 0.9999) return ">" + page.num(99.99, 2) + "%";
    return page.num(100 * p, 2) + "%";
  }
  function drawOdds(o) {
    const box = $("inodds");
    const odds = o && o.odds;
    const rows = odds ? o.attack.filter((i) => String(i) in odds) : [];
    probe.input.odds = odds ? rows.map((i) => Object.assign({ to: i }, odds[String(i)])) : null;
    if (!rows.length) { box.hidden = true; box.innerHTML = ""; return; }
    const cells = [`<span class="h">${escape(T("attack"))}</span><span class="h">${escape(T("P(take it)"))}</span>` +
                   `<span class="h">${escape(T("needed for 80%"))}</span><span class="h">${escape(T("then on to (both taken)"))}</span>`];
    rows.forEach((i) => {
      const x = odds[String(i)], armies = view && view.armies ? ` (${view.armies[i]})` : "";
      const on = x.on ? `${escape(x.on.name)} (${x.on.armies}): ${pct(x.on.p)}` : "-";
      cells.push(`<span class="to" data-to="${i}">${escape(names[i])}${armies}</span><span class="p">${pct(x.p)}</span>` +
                 `<span class="need">${escape(x.need === null ? T("more than 1000") : T("{n} armies", { n: x.need }))}</span><span class="on">${on}</span>`);
    });
    box.innerHTML = cells.join(""); box.hidden = false;
  }

  let busyTimer = null;
  function idle() { busy = false; clearTimeout(busyTimer); }
  function send(obj) {
    if (busy && obj.op !== "options") { msg(T("waiting for the last event's answer..."), true); return; }
    if (!page.send(obj)) { msg(T("not connected: the page reconnects by itself"), true); return; }
    if (obj.op !== "options") {
      busy = true; probe.input.sent.push(obj);
      clearTimeout(busyTimer);   // no answer (the link went down meanwhile): enter again
      busyTimer = setTimeout(() => { if (busy) { busy = false; msg(T("no answer yet: is the device still linked?"), true); } }, 12000);
    }
  }
  function act(a) { reset(); send({ op: "act", a: a }); }
  function num() { const n = parseInt($("innum").value, 10); return Number.isFinite(n) && n > 0 ? n : 1; }

  // -- the map ----------------------------------------------------------------------------
  function prepareMap() {
    const gs = countries();
    if (!gs.length || gs[0].hasAttribute("tabindex")) return;
    names = gs.map((g) => g.querySelector("title").textContent);
    $("countries").innerHTML = names.map((n) => `<option value="${n.replace(/"/g, "&quot;")}">`).join("");
    gs.forEach((g, i) => {
      g.setAttribute("tabindex", "0"); g.setAttribute("role", "button");
      g.setAttribute("aria-label", names[i]);
      g.addEventListener("click", () => click(i));
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); click(i); }
      });
    });
  }

  function click(c) {
    if (!inp || !inp.mode) { if (inp && inp.why) msg(inp.why, true); return; }
    if (deal) { dealClick(c); return; }
    if (sel < 0) { send({ op: "options", f: c }); return; }
    if (c === sel) { reset(); msg(""); return; }
    const f = sel;
    if (String(c) in opts.regroup) {
      act({ t: "regroup", f: f, to: c, n: Math.min(num(), opts.regroup[String(c)]) });
    } else if (view && view.owner && view.owner[c] === inp.cur) {
      act({ t: "regroup", f: f, to: c, n: num() });     // the engine says why not
    } else if (attacksOver) {
      reset(); msg(T("attacks are over this turn: move armies between your countries, or end the turn"), true);
    } else {
      attack(f, c);
    }
  }

  function options(o) {
    if (!inp || !inp.mode) return;
    if (o.claim) { act({ t: "claim", c: o.f }); return; }
    if (o.place) { act({ t: "place", c: o.f, n: Math.min(num(), o.place) }); return; }
    if (attacksOver) o = Object.assign({}, o, { attack: [] });
    if (again >= 0) {   // "Attack again" of the table's dice: its counts came, the picker opens
      const to = again; again = -1;
      if (o.attack.includes(to)) { opts = o; attack(o.f, to); return; }
    }
    if (o.attack.length || Object.keys(o.regroup).length) {
      sel = o.f; opts = o; mark();
      const what = [];
      if (o.attack.length) what.push(`attack: ${o.attack.map((i) => names[i]).join(", ")}`);
      const dests = Object.keys(o.regroup);
      if (dests.length) what.push(`move up to the armies box (at most ${Math.max(...Object.values(o.regroup))}) to: ${dests.map((i) => names[i]).join(", ")}`);
      msg(`${o.name}: ${what.join("; ")} (Escape cancels)`);
      drawOdds(o);
      return;
    }
    page.error(o.why); msg(o.why, true);
  }

  // -- the bar ------------------------------------------------------------------------------
  function button(label, fn, primary) {
    const b = document.createElement("button");
    b.textContent = label; if (primary) b.className = "primary";
    b.addEventListener("click", fn);
    return b;
  }

  function drawBar(v) {
    const box = $("input"), ro = $("readonly");
    inp = v.input || null;
    if (inp && inp.mode && !enter) inp = { mode: "", why: T("events are entered on the page of the laptop that serves it") };
    probe.input.mode = inp ? inp.mode : "";
    if (!inp || !inp.mode || !v.map) {
      box.hidden = true; deal = null;
      ro.hidden = !(inp && inp.why && v.map);
      ro.textContent = inp && inp.why ? T("Entering events: {why}", { why: inp.why }) : "";
      return;
    }
    ro.hidden = true; box.hidden = false; prepareMap();
    const p = v.players[inp.cur] || { name: "?", fill: "#999" };
    $("inwho").innerHTML = `<span class="sw" style="background:${p.fill}"></span>` + escape(T("{name} to play: {phase}", { name: p.name, phase: T(inp.phase) })) +
      (inp.place ? " - " + escape(T("{n} to place", { n: inp.place })) : "");
    $("inhint").textContent = inp.mode === "device" ? T("sent to the device") : T("stored on this laptop");
    if (inp.deal) $("inwho").textContent = T("The table's own deal");
    const bs = $("inbuttons"); bs.innerHTML = "";
    if (inp.deal) { drawDeal(v); return; }
    deal = null; $("indeal").hidden = true;
    if (inp.movein) {
      const m = inp.movein;
      const key = `${v.seq}:${m.to}`;   // a new conquest: the most the rules allow, as the device
      if (key !== movedIn) { movedIn = key; $("innum").value = m.hi; }
      bs.appendChild(button(T("Move in to {country} ({lo}-{hi})", { country: names[m.to] || m.to, lo: m.lo, hi: m.hi }),
                            () => act({ t: "move", n: Math.max(m.lo, Math.min(m.hi, num())) }), true));
    }
    if (attacksOver && attacksOver !== inp.cur + ":" + inp.turns) attacksOver = null;
    if (!attacksOver && !inp.place && !inp.movein && (inp.phase === "add" || inp.phase === "attack") &&
        inp.buttons.some((b) => b.a.t === "end")) {
      bs.appendChild(button(T("End attack"), () => { attacksOver = inp.cur + ":" + inp.turns; reset(); drawBar(view); msg(T("attacks over: click a country then one of yours to move armies")); }));
    }
    if (!attacksOver && inp.again) bs.insertBefore(button(T("Attack again {from} -> {to}", { from: names[inp.again[0]], to: names[inp.again[1]] }),
                                                          () => againClick(inp.again), true), bs.firstChild);
    inp.buttons.forEach((b) => bs.appendChild(button(T(b.label), () => act(b.a))));
    if (sel >= 0 && view && view.seq !== v.seq) reset();
  }

  function againClick(ag) {
    if (!inp.dice) { act({ t: "attack", f: ag[0], to: ag[1] }); return; }
    reset(); again = ag[1]; send({ op: "options", f: ag[0] });   // the dice counts, then the picker
  }

  // -- a hand deal: a colour at a time ----------------------------------------------------------
  function drawDeal(v) {
    const d = $("indeal"); d.hidden = false;
    if (!deal || deal.n !== v.owner.length) deal = { owner: v.owner.map(() => -1), seat: 0, n: v.owner.length };
    const counts = v.players.map((_, i) => deal.owner.filter((o) => o === i).length);
    const left = deal.owner.filter((o) => o < 0).length;
    let html = `<span class="dealhint">${escape(T("The table's deal ({counts}): pick a colour, click its countries.", { counts: inp.deal.counts }))}</span>`;
    html += v.players.map((p, i) => `<label class="seat"><input type="radio" name="dealseat" value="${i}" ${i === deal.seat ? "checked" : ""}>` +
      `<span class="sw" style="background:${p.fill}"></span>${escape(p.name)} <b>${counts[i]}</b></label>`).join("");
    if (inp.deal.ask) {
      html += `<label>${escape(inp.deal.ask)} <select id="dealfirst">` +
        v.players.map((p, i) => `<option value="${i}">${escape(p.name)}</option>`).join("") + "</select></label>";
    }
    html += `<span class="dealleft">${escape(T("{n} left", { n: left }))}</span>`;
    const keep = $("dealfirst") ? $("dealfirst").value : "0";
    d.innerHTML = html;
    if ($("dealfirst")) $("dealfirst").value = keep;
    d.querySelectorAll('input[name="dealseat"]').forEach((r) => r.addEventListener("change", () => { deal.seat = Number(r.value); }));
    $("inbuttons").innerHTML = "";
    $("inbuttons").appendChild(button(T("Deal"), () => {
      send({ op: "deal", owner: deal.owner, first: $("dealfirst") ? Number($("dealfirst").value) : 0 });
    }, true));
    paintDeal(v);
  }

  function dealClick(c) {
    deal.owner[c] = deal.owner[c] === deal.seat ? -1 : deal.seat;
    drawDeal(view);
  }

  function paintDeal(v) {
    countries().forEach((g, i) => {
      const o = deal.owner[i], pl = v.players[o];
      const disc = g.querySelector(".disc");
      disc.setAttribute("fill", pl ? pl.fill : "#ffffff");
    });
  }

  function escape(s) { return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]); }

  // -- the server's answers -------------------------------------------------------------------
  page.on.view = (v) => {
    if (v.at < v.total) { $("input").hidden = true; $("readonly").hidden = true; inp = null; reset(); view = v; return; }
    drawBar(v); view = v;
  };
  page.on.msg = (m) => {
    if (m.type === "options") { options(m); return; }
    if (m.type === "sent") { msg(m.text); return; }
    if (m.type === "done") { idle(); probe.input.done.push(m); msg(m.text); return; }
    if (m.type === "created") {
      idle();
      history.replaceState(null, "", "?game=" + encodeURIComponent(m.game));
      deal = null; reset(); return;
    }
    if (m.type === "error") { idle(); reset(); msg(m.error, true); }
    if (m.type === "game") { enter = m.enter !== false; deal = null; reset(); prepareMapLater(); }
  };
  function prepareMapLater() { setTimeout(prepareMap, 300); }

  $("incancel").addEventListener("click", () => { reset(); msg(""); });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") { reset(); msg(""); } });
  $("innum").addEventListener("keydown", (e) => {
    if (e.key === "Enter" && inp && inp.movein) act({ t: "move", n: Math.max(inp.movein.lo, Math.min(inp.movein.hi, num())) });
  });
  $("incountry").addEventListener("change", (e) => {
    const i = names.indexOf(e.target.value);
    if (i >= 0) click(i); else if (e.target.value) msg(T("no country named {name}", { name: e.target.value }), true);
    e.target.value = "";
  });

  // -- a new game on this laptop ----------------------------------------------------------------
  $("newgame").addEventListener("click", () => $("newdlg").showModal());
  $("newform").addEventListener("submit", (e) => {
    if (e.submitter && e.submitter.value !== "start") return;
    const players = $("newplayers").value.split("\n").map((l) => l.trim()).filter(Boolean).map((l) => {
      const parts = l.split(/\s+/); const colour = parts.pop(); return [parts.join(" ") || colour, colour];
    });
    idle();
    send({ op: "new", rs: $("newrs").value, players: players, deal: $("newtable").checked ? "table" : "laptop",
           on: $("newon").value });
  });
  probe.input.click = click;
})();
