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
  // Where the ghost domino is held on a touch screen (a square, until confirmed), and
  // how the last pointer touched the page ("mouse" places on click, others confirm);
  // before any, what the screen's main pointer is (a phone's finger: "touch").
  let anchor = null;
  let pointerKind = window.matchMedia && matchMedia("(pointer: coarse)").matches ? "touch" : "mouse";
  let wasMine = false;
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
        if (!state || state.view.version !== msg.view.version) {
          selected = null;
          anchor = null;
        }
        state = msg;
        render();
      } else if (msg.type === "refused") {
        refuse(msg.reason);
      } else if (msg.type === "explained") {
        refuse(msg.legal ? KD.t("legalMove") : msg.reason);
      } else if (msg.type === "error") {
        refuse(msg.reason);
      }
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4404) {
        $("status").textContent = KD.t("noTable");
        return;
      }
      $("connection").textContent = KD.t("reconnecting");
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

  let shownVersion = null;
  let shownView = null;

  function render() {
    const view = state.view;
    KD.icon = view.icon || "crown";
    // Kings and dominoes move from where they were (art.js), once per new state.
    const before = shownVersion !== null && shownVersion !== view.version ? KD.snapshot(shownView) : null;
    shownVersion = view.version;
    shownView = view;
    const mine = Boolean(myDecision());
    document.title = KD.t(mine ? "yourTurnTitle" : view.finished ? "overTitle" : "plainTitle",
      { ruleset: view.ruleset });
    if (mine && !wasMine) chime();
    wasMine = mine;
    $("ruleset").textContent = view.ruleset +
      (view.games > 1 ? KD.t("gameOf", { n: view.game_number, games: view.games }) : "");
    $("you").textContent = state.you.length
      ? KD.t("youPlay", { names: state.you.map((s) => KD.seatName(view, s)).join(", ") })
      : KD.t("watching");
    const decision = myDecision();
    const status = $("status");
    if (view.failure) status.textContent = KD.t("stopped", { failure: view.failure });
    else if (view.finished) status.textContent = KD.t("over");
    else if (decision && decision.place) {
      // "Ann: Place domino 4 ...", as every other decision of hers reads (step_words).
      status.textContent = `${KD.seatName(view, decision.seat)}: ${placePrompt(decision)}`;
    }
    else if (view.current && view.current.kind === "place" && view.current.domino) {
      status.textContent = KD.t("placesDomino",
        { name: KD.seatName(view, view.current.seat), domino: view.current.domino.name });
    } else if (view.current) status.textContent = view.current.words;
    else status.textContent = "…";
    status.className = decision ? "status yours" : "status";
    $("turn").textContent = decision ? KD.t("yourTurn") : view.current && !view.finished
      ? KD.t("waitingFor", { name: KD.seatName(view, view.current.seat) }) : "";
    // Who took back what (an undo), for everyone at the table until the next move.
    $("notice").textContent = view.notice || "";
    $("notice").hidden = !view.notice;
    // Your last decision may be taken back until someone else decides.
    $("undo").hidden = !state.undo;
    $("undo-help").hidden = !state.undo || Boolean(decision);
    KD.renderKingdoms(view, $("kingdoms"), { onKingdom: onKingdomClick });
    const lines = $("lines");
    lines.replaceChildren();
    if (view.line.length) lines.append(KD.renderLine(view, view.line, KD.t("placing"), { name: "line" }));
    KD.renderMarket(view, lines, { name: "next", onDomino: onDominoClick });
    KD.renderInfo(view, $("info"));
    const recent = $("recent");
    const history = view.history || view.recent;
    recent.replaceChildren(...history.map((t, i) => KD.el("li", { value: String(i + 1), text: t })).reverse());
    renderDecision(decision);
    KD.animateFrom(before, view);
    KD.renderBanner(view, $("banner"));
    KD.renderSheets(view, $("result"));
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
    if (!decision) return;
    if (decision.kind === "claim") {
      const legal = new Set(decision.choices.filter((c) => c.target && c.target.domino).map((c) => c.target.domino));
      for (const box of document.querySelectorAll('[data-line="next"] .domino')) {
        if (legal.has(box.dataset.domino)) box.classList.add("legal");
      }
    }
    if (decision.place) showPlacements();
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
      choices.append(KD.el("span", { class: "hint-text", text: KD.t("orClick") }));
    }
  }

  function currentDir() {
    return DIRS[direction];
  }

  // What the player sees, not coordinates: the second half's side, as on the screen.
  const SIDE = { E: "sideE", S: "sideS", W: "sideW", N: "sideN" };
  const TURN = { E: 0, S: 90, W: 180, N: 270 };

  function placePrompt(decision) {
    const place = decision.place;
    const count = Object.values(place.placements).reduce((n, list) => n + list.length, 0);
    const domino = place.domino.name;
    return KD.t(count ? "placeIn" : "fitsNowhere", { domino });
  }

  // Where the first half may go with the domino turned this way. The engine lists a
  // domino with two identical halves facing E and S only: facing W (N) it covers the
  // same squares as facing E (S) from its other half, and the server accepts it so.
  function squaresFor(place, dir) {
    if (place.symmetric && (dir === "W" || dir === "N")) {
      const [dx, dy] = STEP[dir === "W" ? "E" : "S"];
      return (place.placements[dir === "W" ? "E" : "S"] || []).map(([x, y]) => [x + dx, y + dy]);
    }
    return place.placements[dir] || [];
  }

  function legalHere(x, y) {
    const decision = myDecision();
    return squaresFor(decision.place, currentDir()).some(([a, b]) => a === x && b === y);
  }

  function showPlacements() {
    const decision = myDecision();
    if (!decision || !decision.place) return;
    const place = decision.place;
    const container = $("kingdoms");
    for (const old of container.querySelectorAll("rect.mark.legal")) old.remove();
    for (const old of container.querySelectorAll(".legal")) old.classList.remove("legal");
    const here = squaresFor(place, currentDir());
    for (const [x, y] of here) {
      const cell = KD.cellOf(container, place.kingdom, x, y);
      if (cell) KD.markCell(cell, "legal");
    }
    const panel = container.querySelector(`.kingdom-panel[data-kingdom="${place.kingdom}"]`);
    if (panel) panel.classList.add("placing");
    const pic = KD.dominoSvg(place.domino, 40);
    pic.style.transform = `rotate(${TURN[currentDir()]}deg)`;
    $("place-domino").replaceChildren(pic);
    $("direction").textContent = KD.t("secondHalf", { side: KD.t(SIDE[currentDir()]) });
    $("direction").dataset.dir = currentDir(); // for scripts and tests
    const count = Object.values(place.placements).reduce((n, list) => n + list.length, 0);
    const help = $("place-help");
    help.classList.toggle("nothing-fits", Boolean(count && !here.length));
    if (!count) help.textContent = KD.t("mustDiscard");
    else if (!here.length) help.textContent = KD.t("turnIt");
    else help.textContent = KD.t(pointerKind === "mouse" ? "helpMouse" : "helpTouch");
    drawGhost(anchor);
  }

  function rotate(step = 1) {
    direction = (direction + step + 4) % 4;
    showPlacements();
  }

  function clearPreview() {
    for (const old of document.querySelectorAll(".preview")) old.remove();
  }

  // The ghost domino: its two halves drawn where they would land (red when they cannot).
  function drawGhost(at) {
    clearPreview();
    const decision = myDecision();
    const confirm = $("confirm");
    confirm.hidden = !(decision && decision.place && anchor && pointerKind !== "mouse");
    if (!decision || !decision.place || !at) return;
    const cell = KD.cellOf($("kingdoms"), decision.place.kingdom, at.x, at.y);
    if (!cell) return;
    const svg = cell.closest("svg");
    const size = Number(svg.dataset.cell);
    const x0 = Number(svg.dataset.x0);
    const y0 = Number(svg.dataset.y0);
    const [dx, dy] = STEP[currentDir()];
    const legal = legalHere(at.x, at.y);
    confirm.disabled = false;
    confirm.classList.toggle("bad", !legal);
    decision.place.domino.halves.forEach((half, i) => {
      svg.append(KD.svg("rect", {
        x: (at.x + i * dx - x0) * size + 4, y: (at.y + i * dy - y0) * size + 4,
        width: size - 8, height: size - 8, rx: 4, fill: KD.terrainFill(half.terrain, half.colour),
        class: "preview" + (legal ? "" : " bad") + (i ? "" : " first"), "pointer-events": "none",
      }));
    });
  }

  function cellTarget(event) {
    const target = event.target.closest("[data-x]");
    if (!target || !target.closest("svg.kingdom")) return null;
    return { x: Number(target.dataset.x), y: Number(target.dataset.y), node: target };
  }

  // The square under a pointer of the kingdom being placed in (a finger keeps its
  // first target while it moves, so look at what is under it now).
  function placingCellAt(event) {
    const decision = myDecision();
    if (!decision || !decision.place) return null;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const target = under && under.closest("[data-x]");
    const panel = under && under.closest(".kingdom-panel");
    if (!target || !target.closest("svg.kingdom") || !panel) return null;
    if (Number(panel.dataset.kingdom) !== decision.place.kingdom) return null;
    return { x: Number(target.dataset.x), y: Number(target.dataset.y) };
  }

  function setPointer(kind) {
    const changed = kind !== pointerKind;
    pointerKind = kind;
    if (changed) showPlacements();
  }

  let pressed = null;

  function onPointerDown(event) {
    setPointer(event.pointerType || "mouse");
    if (pointerKind === "mouse") return;
    const at = placingCellAt(event);
    pressed = at ? { at, moved: false } : null;
  }

  function onPointerMove(event) {
    if (event.pointerType === "mouse") {
      if (pointerKind !== "mouse") setPointer("mouse");
      drawGhost(placingCellAt(event));
      return;
    }
    if (!pressed) return;
    const at = placingCellAt(event);
    if (at && (at.x !== pressed.at.x || at.y !== pressed.at.y)) pressed.moved = true;
    if (at && pressed.moved) {
      anchor = at;
      drawGhost(anchor);
    }
  }

  function onPointerUp(event) {
    if (event.pointerType === "mouse" || !pressed) return;
    const at = placingCellAt(event) || (pressed.moved ? anchor : null);
    const again = !pressed.moved && at && anchor && at.x === anchor.x && at.y === anchor.y;
    pressed = null;
    if (!at) return;
    if (again) {
      rotate(1); // a second tap on the held domino turns it
      return;
    }
    anchor = at;
    refuse("");
    drawGhost(anchor);
  }

  function placeAt(at) {
    const decision = myDecision();
    const action = {
      kind: "place", seat: decision.seat, domino: decision.place.domino.id,
      x: at.x, y: at.y, direction: currentDir(),
    };
    if (legalHere(at.x, at.y)) act(action);
    else explain(action);
  }

  function onBoardClick(event) {
    const decision = myDecision();
    const hit = cellTarget(event);
    const panel = event.target.closest(".kingdom-panel");
    if (!decision || !hit || !panel) return;
    const kingdom = Number(panel.dataset.kingdom);
    if (decision.place && kingdom === decision.place.kingdom) {
      // A mouse places on click; a finger holds the ghost until "Place here".
      if (pointerKind === "mouse") placeAt(hit);
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
      refuse(KD.t("nothingThere"));
    }
  }

  // An optional sound when the turn becomes yours (off unless switched on; remembered).
  const SOUND_KEY = "kd.sound";
  let audio = null;

  function soundOn() {
    try {
      return localStorage.getItem(SOUND_KEY) === "on";
    } catch (err) {
      return false;
    }
  }

  function showSound() {
    const button = $("sound");
    button.textContent = KD.t(soundOn() ? "soundOn" : "soundOff");
    button.setAttribute("aria-pressed", String(soundOn()));
  }

  function toggleSound() {
    try {
      localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    } catch (err) {
      // private mode: the toggle lasts for this page only
    }
    showSound();
    if (soundOn()) chime();
  }

  function chime() {
    if (!soundOn() || !window.AudioContext) return;
    try {
      audio = audio || new AudioContext();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.4);
      document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
    } catch (err) {
      // no sound device: the title says it
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
        return KD.el("li", {}, `${l.name}: `, KD.el("a", { href: url, class: "seat-link", "data-seat": l.seat, text: url }),
          " ", KD.copyButton(url));
      });
      if (items.length) box.replaceChildren(KD.el("h3", { text: KD.t("seatLinks") }), KD.el("ul", {}, items));
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
    KD.installArt();
    $("undo-help").textContent = KD.t("undoMine");
    const kingdoms = $("kingdoms");
    kingdoms.addEventListener("click", onBoardClick);
    // Pointer Events: one path for a mouse, a pen and a finger.
    kingdoms.addEventListener("pointerdown", onPointerDown);
    kingdoms.addEventListener("pointermove", onPointerMove);
    kingdoms.addEventListener("pointerup", onPointerUp);
    kingdoms.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse") drawGhost(null);
    });
    $("rotate").addEventListener("click", () => rotate(1));
    $("confirm").addEventListener("click", () => {
      if (anchor && myDecision() && myDecision().place) placeAt(anchor);
    });
    document.addEventListener("pointerdown", (event) => setPointer(event.pointerType || "mouse"));
    $("sound").addEventListener("click", toggleSound);
    showSound();
    $("undo").addEventListener("click", () => send({ type: "undo" }));
    $("replay").addEventListener("click", openReplay);
    document.addEventListener("keydown", (event) => {
      if (event.target.tagName === "INPUT") return;
      if (event.key === "r" || event.key === "R") rotate(event.shiftKey ? -1 : 1);
      if ((event.key === "z" && (event.ctrlKey || event.metaKey)) && state && state.undo) {
        send({ type: "undo" });
      }
    });
    connect();
  });
})();
