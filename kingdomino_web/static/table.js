// The table: live state over a WebSocket, moves by clicking.
"use strict";

(function () {
  const tableId = location.pathname.split("/").pop();
  const token = new URLSearchParams(location.hash.slice(1)).get("t") || "";
  const DIRS = ["E", "S", "W", "N"];
  const STEP = { E: [1, 0], S: [0, 1], W: [-1, 0], N: [0, -1] };
  const $ = (id) => document.getElementById(id);
  let state = null;
  let direction = 0;
  let socket = null;
  let retry = 0;

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${tableId}`);
    socket.addEventListener("open", () => {
      retry = 0;
      $("connection").textContent = "";
      send({ type: "hello", token });
    });
    socket.addEventListener("message", (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "state") {
        if (!state || state.view.version !== msg.view.version) selected = null;
        state = msg;
        render();
      } else if (msg.type === "refused") {
        refuse(msg.reason);
      } else if (msg.type === "explained") {
        refuse(msg.legal ? "That move is legal." : msg.reason);
      } else if (msg.type === "error") {
        refuse(msg.reason);
      }
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4404) {
        $("status").textContent = "There is no such table on this server.";
        return;
      }
      $("connection").textContent = "Connection lost; reconnecting…";
      setTimeout(connect, Math.min(5000, 300 * 2 ** retry++));
    });
  }

  function refuse(reason) {
    const box = $("refusal");
    box.textContent = reason || "";
    box.hidden = !reason;
  }

  function act(action) {
    refuse("");
    send({ type: "act", action, version: state.view.version });
  }

  function explain(action) {
    send({ type: "explain", action });
  }

  function myDecision() {
    return state && state.decision;
  }

  // -- drawing --------------------------------------------------------------------

  function render() {
    const view = state.view;
    document.title = `kd: ${view.ruleset}`;
    $("ruleset").textContent = view.ruleset + (view.games > 1 ? ` — game ${view.game_number} of ${view.games}` : "");
    $("you").textContent = state.you.length
      ? `You play ${state.you.map((s) => KD.seatName(view, s)).join(", ")}`
      : "You are watching";
    const decision = myDecision();
    const status = $("status");
    if (view.failure) status.textContent = `The game stopped: ${view.failure}`;
    else if (view.finished) status.textContent = "The game is over.";
    else if (view.current) status.textContent = view.current.words;
    else status.textContent = "…";
    status.className = decision ? "status yours" : "status";
    $("turn").textContent = decision ? "Your turn" : view.current && !view.finished
      ? `Waiting for ${KD.seatName(view, view.current.seat)}` : "";
    KD.renderKingdoms(view, $("kingdoms"), { onKingdom: onKingdomClick });
    const lines = $("lines");
    lines.replaceChildren();
    if (view.line.length) lines.append(KD.renderLine(view, view.line, "Placing", { name: "line" }));
    if (view.next_line.length) {
      lines.append(KD.renderLine(view, view.next_line, "Picking", { name: "next", onDomino: onDominoClick }));
    }
    KD.renderInfo(view, $("info"));
    const recent = $("recent");
    recent.replaceChildren(...view.recent.slice().reverse().map((t) => KD.el("li", { text: t })));
    renderDecision(decision);
    KD.renderResult(view, $("result"));
    $("end").hidden = !view.finished;
    $("save").href = `/api/tables/${tableId}/save`;
    if (state.host && !$("links").dataset.loaded) loadLinks();
    // For scripts and tests: what is on screen.
    document.body.dataset.version = String(view.version);
    document.body.dataset.moves = String(view.moves);
    document.body.dataset.turn = decision ? decision.kind : view.finished ? "over" : "wait";
  }

  function renderDecision(decision) {
    const controls = $("controls");
    const choices = $("choices");
    choices.replaceChildren();
    controls.hidden = !decision;
    $("place-controls").hidden = !(decision && decision.place);
    $("undo").hidden = !(decision && decision.undo);
    if (!decision) return;
    if (decision.kind === "claim") {
      const legal = new Set(decision.choices.filter((c) => c.target && c.target.domino).map((c) => c.target.domino));
      for (const box of document.querySelectorAll('[data-line="next"] .domino')) {
        if (legal.has(box.dataset.domino)) box.classList.add("legal");
      }
    }
    if (decision.place) {
      $("place-domino").replaceChildren(KD.dominoSvg(decision.place.domino, 40));
      showPlacements();
    }
    for (const choice of decision.choices) {
      if (choice.target && choice.target.x !== undefined) {
        const cell = KD.cellOf($("kingdoms"), choice.target.kingdom, choice.target.x, choice.target.y);
        if (cell && !cell.classList.contains("target")) KD.markCell(cell, "target");
      }
      if (choice.target && choice.target.kingdom !== undefined && choice.target.x === undefined) {
        const panel = document.querySelector(`.kingdom-panel[data-kingdom="${choice.target.kingdom}"]`);
        if (panel) panel.classList.add("target");
      }
    }
    renderChoices(decision);
  }

  // Choices tied to a square stay out of the list when there are many: a click on
  // the square lists those it offers (say, every tile that can be bought onto it).
  let selected = null;

  function onSquare(choice) {
    return choice.target && choice.target.x !== undefined;
  }

  function renderChoices(decision) {
    const choices = $("choices");
    choices.replaceChildren();
    const squared = decision.choices.filter(onSquare);
    const collapse = squared.length > 6;
    for (const old of document.querySelectorAll("rect.mark.selected")) old.remove();
    for (const old of document.querySelectorAll("rect.selected")) old.classList.remove("selected");
    if (selected) {
      const cell = KD.cellOf($("kingdoms"), selected.kingdom, selected.x, selected.y);
      if (cell) KD.markCell(cell, "selected");
    }
    for (const choice of decision.choices) {
      if (collapse && onSquare(choice) && !(selected && choice.target.kingdom === selected.kingdom &&
          choice.target.x === selected.x && choice.target.y === selected.y)) continue;
      choices.append(KD.el("button", {
        class: "choice" + (choice.discard ? " discard" : ""), "data-i": choice.i,
        onclick: () => act(choice.action),
      }, choice.words));
    }
    if (collapse && !selected) {
      choices.append(KD.el("span", { class: "hint-text", text: "or click a highlighted square to see its choices" }));
    }
  }

  function currentDir() {
    return DIRS[direction];
  }

  function showPlacements() {
    const decision = myDecision();
    if (!decision || !decision.place) return;
    const place = decision.place;
    const container = $("kingdoms");
    for (const old of container.querySelectorAll("rect.mark.legal")) old.remove();
    for (const old of container.querySelectorAll(".legal")) old.classList.remove("legal");
    for (const [x, y] of place.placements[currentDir()] || []) {
      const cell = KD.cellOf(container, place.kingdom, x, y);
      if (cell) KD.markCell(cell, "legal");
    }
    $("direction").textContent = { E: "second half east →", S: "second half south ↓", W: "second half west ←", N: "second half north ↑" }[currentDir()];
    const count = Object.values(place.placements).reduce((n, list) => n + list.length, 0);
    $("place-help").textContent = count
      ? "Click a highlighted square for the first half; rotate with the button or the R key."
      : "This domino fits nowhere in your kingdom: it must be discarded.";
    clearPreview();
  }

  function rotate(step = 1) {
    direction = (direction + step + 4) % 4;
    showPlacements();
  }

  function clearPreview() {
    for (const old of document.querySelectorAll(".preview")) old.remove();
  }

  function cellTarget(event) {
    const target = event.target.closest("[data-x]");
    if (!target || !target.closest("svg.kingdom")) return null;
    return { x: Number(target.dataset.x), y: Number(target.dataset.y), node: target };
  }

  function preview(event) {
    const decision = myDecision();
    clearPreview();
    if (!decision || !decision.place) return;
    const hit = cellTarget(event);
    const panel = event.target.closest(".kingdom-panel");
    if (!hit || !panel || Number(panel.dataset.kingdom) !== decision.place.kingdom) return;
    const svg = hit.node.closest("svg");
    const size = Number(svg.dataset.cell);
    const x0 = Number(svg.dataset.x0);
    const y0 = Number(svg.dataset.y0);
    const [dx, dy] = STEP[currentDir()];
    const legal = (decision.place.placements[currentDir()] || []).some(([x, y]) => x === hit.x && y === hit.y);
    decision.place.domino.halves.forEach((half, i) => {
      const rect = KD.svg("rect", {
        x: (hit.x + i * dx - x0) * size + 4, y: (hit.y + i * dy - y0) * size + 4,
        width: size - 8, height: size - 8, rx: 4, fill: half.colour,
        class: "preview" + (legal ? "" : " bad"), "pointer-events": "none",
      });
      svg.append(rect);
    });
  }

  function onBoardClick(event) {
    const decision = myDecision();
    const hit = cellTarget(event);
    const panel = event.target.closest(".kingdom-panel");
    if (!decision || !hit || !panel) return;
    const kingdom = Number(panel.dataset.kingdom);
    if (decision.place && kingdom === decision.place.kingdom) {
      const action = {
        kind: "place", seat: decision.seat, domino: decision.place.domino.id,
        x: hit.x, y: hit.y, direction: currentDir(),
      };
      const legal = (decision.place.placements[currentDir()] || []).some(([x, y]) => x === hit.x && y === hit.y);
      if (legal) act(action);
      else explain(action);
      return;
    }
    const here = decision.choices.filter((c) => c.target && c.target.kingdom === kingdom &&
      c.target.x === hit.x && c.target.y === hit.y);
    if (here.length === 1) act(here[0].action);
    else if (here.length > 1) {
      selected = { kingdom, x: hit.x, y: hit.y };
      renderChoices(decision);
      for (const button of document.querySelectorAll("#choices .choice")) {
        button.classList.toggle("hint", here.some((c) => String(c.i) === button.dataset.i));
      }
      refuse("");
    } else if (decision.choices.some((c) => c.target && c.target.x !== undefined)) {
      refuse("Nothing to do on that square: choose a highlighted square or a button.");
    }
  }

  function onKingdomClick(kingdom, event) {
    const decision = myDecision();
    if (!decision || cellTarget(event)) return;
    const here = decision.choices.filter((c) => c.target && c.target.kingdom === kingdom.index && c.target.x === undefined);
    if (here.length === 1) act(here[0].action);
  }

  function onDominoClick(domino) {
    const decision = myDecision();
    if (!decision || decision.kind !== "claim") return;
    const choice = decision.choices.find((c) => c.target && c.target.domino === domino.id);
    if (choice) act(choice.action);
    else explain({ kind: "claim", seat: decision.seat, king: state.view.current.king, domino: domino.id });
  }

  async function loadLinks() {
    const box = $("links");
    box.dataset.loaded = "1";
    try {
      const data = await KD.api(`/api/tables/${tableId}/links`, { token });
      const items = data.links.filter((l) => l.kind === "link").map((l) => {
        const url = `${location.origin}/table/${tableId}#t=${l.token}`;
        return KD.el("li", {}, `${l.name}: `, KD.el("a", { href: url, class: "seat-link", "data-seat": l.seat, text: url }));
      });
      if (items.length) box.replaceChildren(KD.el("h3", { text: "Seat links (send one to each player)" }), KD.el("ul", {}, items));
    } catch (err) {
      box.textContent = "";
    }
  }

  async function openReplay() {
    try {
      const data = await KD.api(`/api/tables/${tableId}/replay`, { method: "POST", token });
      location.href = `/replay#r=${data.id}`;
    } catch (err) {
      refuse(err.message);
    }
  }

  // -- wiring ------------------------------------------------------------------------

  document.addEventListener("DOMContentLoaded", () => {
    const kingdoms = $("kingdoms");
    kingdoms.addEventListener("click", onBoardClick);
    kingdoms.addEventListener("mousemove", preview);
    kingdoms.addEventListener("mouseleave", clearPreview);
    $("rotate").addEventListener("click", () => rotate(1));
    $("undo").addEventListener("click", () => send({ type: "undo" }));
    $("replay").addEventListener("click", openReplay);
    document.addEventListener("keydown", (event) => {
      if (event.target.tagName === "INPUT") return;
      if (event.key === "r" || event.key === "R") rotate(event.shiftKey ? -1 : 1);
      if ((event.key === "z" && (event.ctrlKey || event.metaKey)) && myDecision() && myDecision().undo) {
        send({ type: "undo" });
      }
    });
    connect();
  });
})();
