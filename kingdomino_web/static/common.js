// Shared by the lobby, the table and the replay viewer: requests, elements, and the
// drawing of a table view (kingdoms, lines, scores, end of game). Plain JS, no build.
"use strict";

const KD = {};

// The pages' words in the page's language (/words.js, loaded before this script: the
// server's catalog for the language of the request); _("...") marks a message for the
// catalogs and gives its translation.
KD.words = window.KD_WORDS || { language: "en", languages: [], messages: {} };
function _(text) {
  return Object.prototype.hasOwnProperty.call(KD.words.messages, text) ? KD.words.messages[text] : text;
}

// Every word the pages show, in one place (so it can be translated): KD.t(key, values)
// fills {name}-style holes. The words of the game itself (decisions, moves, score
// lines) come from the server, in the rule sets' own words.
KD.MSG = {
  placing: _("Placing"),
  picking: _("Picking"),
  pickingFrom: _("Picking: {name}"),
  free: _("free"),
  copy: _("Copy"),
  copied: _("Copied"),
  copyTitle: _("Copy the link"),
  selected: _("Selected: copy it"),
  discarded: _("discarded: {names}"),
  match: _("match {score}"),
  place: _("Place"),
  kingdom: _("Kingdom"),
  pointsAndTiebreaks: _("Points and tie-breaks"),
  aheadOn: _("Ahead of the next on"),
  nobodyWon: _("Nobody won."),
  wins: _("{names} wins!"),
  share: _("{names} share the victory!"),
  and: _(" and "),
  total: _("total"),
  matchLine: _("Match: {games} — totals {totals}"),
  matchGame: _("game {n}: {scores}"),
  yourTurnTitle: _("Your turn — kd: {ruleset}"),
  overTitle: _("Game over — kd: {ruleset}"),
  plainTitle: _("kd: {ruleset}"),
  gameOf: _(" — game {n} of {games}"),
  youPlay: _("You play {names}"),
  watching: _("You are watching"),
  stopped: _("The game stopped: {failure}"),
  over: _("The game is over."),
  placesDomino: _("{name} places domino {domino}."),
  yourTurn: _("Your turn"),
  waitingFor: _("Waiting for {name}"),
  fitsNowhere: _("domino {domino} fits nowhere in your kingdom: discard it."),
  placeIn: _("Place domino {domino} in your kingdom."),
  secondHalf: _("second half {side}"),
  sideE: _("to the right →"),
  sideS: _("below ↓"),
  sideW: _("to the left ←"),
  sideN: _("above ↑"),
  mustDiscard: _("This domino fits nowhere in your kingdom: it must be discarded."),
  turnIt: _("Turn the domino: nothing fits this way."),
  helpMouse: _("Point at a lit square and click to place the first half there; turn the domino with the button or the R key."),
  helpTouch: _("Touch a lit square (or drag your finger) to hold the domino there; tap it again or use the button to turn it, then press “Place here”."),
  orClick: _("or click a highlighted square to see its choices"),
  nothingThere: _("Nothing to do on that square: choose a highlighted square or a button."),
  legalMove: _("That move is legal."),
  noTable: _("There is no such table on this server."),
  reconnecting: _("Connection lost; reconnecting…"),
  soundOn: _("Sound: on"),
  soundOff: _("Sound: off"),
  seatLinks: _("Seat links (send one to each player)"),
  undoMine: _("You may take back your last decision until someone else decides."),
  // The lobby.
  kindHere: _("Human on this device"),
  kindLink: _("Human by link"),
  kindBot: _("Bot"),
  seatPlayer: _("seat {n} player"),
  seatBot: _("seat {n} bot"),
  seatOptions: _("seat {n} bot options"),
  seatName: _("seat {n} name"),
  optionsExample: _("e.g. {option}"),
  noOptions: _("no options"),
  sendLinks: _("Send each player their own link (it lets them play their seat only):"),
  runsCode: _(" — not checked (runs code)"),
  // The replay viewer.
  decisionOf: _("decision {n} of {total}"),
  gameStart: _("The start of the game."),
};

KD.t = function (key, values = {}) {
  const text = Object.prototype.hasOwnProperty.call(KD.MSG, key) ? KD.MSG[key] : key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
};

KD.api = async function (path, { method = "GET", body = undefined, token = "" } = {}) {
  const headers = {};
  if (token) headers["X-KD-Token"] = token;
  if (body !== undefined) {
    // JSON only: the server refuses other bodies (another site's page could send them).
    headers["Content-Type"] = "application/json";
    if (typeof body !== "string") body = JSON.stringify(body);
  }
  const response = await fetch(path, { method, body, headers });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
};

// el("div", {class: "x", onclick: f}, child, "text", ...): text is always text, never HTML.
KD.el = function (tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else if (key === "style") node.style.cssText = value; // CSSOM: allowed by the page's CSP
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
};

const SVG_NS = "http://www.w3.org/2000/svg";
KD.svg = function (tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  return node;
};

// The crown and fire shapes of the server-drawn boards (kingdomino_play/svg.py).
KD.CROWN = "M0,8 L0,2 L3,5 L5,0 L7,5 L10,2 L10,8 Z";
KD.FLAME = "M5,0 C7,3 10,5 10,8 C10,11 7,12 5,12 C3,12 0,11 0,8 C0,6 2,5 3,3 C4,5 5,5 5,0 Z";
KD.icon = "crown";

// A domino as a small picture: two halves with their terrain letter, crowns and marks.
KD.dominoSvg = function (domino, size = 34) {
  const svg = KD.svg("svg", {
    width: 2 * size, height: size, viewBox: `0 0 ${2 * size} ${size}`, class: "domino-pic",
  });
  domino.halves.forEach((half, i) => {
    // The terrain's tile (art.js), else its plain colour.
    svg.append(KD.svg("rect", {
      x: i * size + 1, y: 1, width: size - 2, height: size - 2, rx: 3, class: "half",
      "data-terrain": half.terrain,
      fill: KD.terrainFill ? KD.terrainFill(half.terrain, half.colour) : half.colour,
      stroke: "#333", "stroke-width": 1,
    }));
    const label = KD.svg("text", {
      x: i * size + 4, y: size - 5, "font-size": 10, fill: "#fff", stroke: "#000",
      "stroke-width": 0.3,
    });
    label.textContent = half.letter;
    svg.append(label);
    // Crowns (or fire) drawn as in the kingdoms (kingdomino_play.svg): the same shape.
    const fire = KD.icon === "fire";
    for (let c = 0; c < half.crowns; c++) {
      svg.append(KD.svg("path", {
        d: fire ? KD.FLAME : KD.CROWN, class: fire ? "flame" : "crown",
        transform: `translate(${i * size + 3 + c * 11},${3}) scale(${fire ? 0.8 : 0.9})`,
        fill: fire ? "#ff7043" : "#ffd54f", stroke: "#5d4037", "stroke-width": 0.7,
      }));
    }
    // Printed marks a plugin shows (Registry.add_mark): craters as dark pits, others
    // as their label.
    for (const mark of half.marks || []) {
      if (mark.shape === "crater") {
        const n = parseInt(mark.label, 10) || 1;
        for (let c = 0; c < n; c++) {
          svg.append(KD.svg("circle", {
            cx: i * size + 8 + c * 9, cy: 8, r: 3.5, fill: "#3e2723", stroke: "#ffab91",
            class: "crater",
          }));
        }
      } else {
        const text = KD.svg("text", {
          x: i * size + size - 5, y: 11, "font-size": 9, "text-anchor": "end", class: "mark",
        });
        text.textContent = mark.label || mark.symbol;
        svg.append(text);
      }
    }
  });
  // Pieces lying on the domino before it is placed (a plugin's TableNote): tokens on
  // its halves, drawn as in the kingdoms.
  const on = domino.on;
  if (on) {
    on.halves.forEach((piece, i) => {
      if (!piece) return;
      const pic = KD.pieceSvg(piece, size * 0.55);
      pic.setAttribute("x", i * size + size * 0.42);
      pic.setAttribute("y", size * 0.4);
      pic.classList.add("on-half");
      pic.setAttribute("data-words", piece.words);
      svg.append(pic);
    });
  }
  const title = KD.svg("title", {});
  title.textContent = domino.halves.map((h) => h.words).join(" | ") +
    (on ? [...on.halves, on.whole].filter(Boolean).map((p) => `; ${p.words}`).join("") : "");
  svg.append(title);
  return svg;
};

// A "Copy" button for a link (seat links are sent to friends): the clipboard where the
// page may use it, else the text selected for the person to copy.
KD.copyButton = function (text) {
  const button = KD.el("button", { type: "button", class: "copy", title: KD.t("copyTitle"), text: KD.t("copy") });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = KD.t("copied");
    } catch (err) {
      const link = button.previousElementSibling || button;
      const range = document.createRange();
      range.selectNodeContents(link);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      button.textContent = KD.t("selected");
    }
  });
  return button;
};

KD.seatName = (view, seat) => (view.players[seat] ? view.players[seat].name : `seat ${seat}`);

// One line of dominoes (placing or picking) with the king on each.
KD.renderLine = function (view, dominoes, title, opts = {}) {
  KD.icon = view.icon || "crown";
  const row = KD.el("div", { class: "line", "data-line": opts.name || "" },
    KD.el("h3", { text: title }));
  for (const d of dominoes) {
    // The king on the domino: a piece in its player's colour, with the player's name.
    const king = d.king === null ? KD.el("span", { class: "king free", text: KD.t("free") })
      : KD.el("span", { class: "king", "data-king": d.king, "data-seat": d.seat },
        KD.kingPiece ? KD.kingPiece(view.players[d.seat].colour, 22, KD.seatName(view, d.seat)) : "",
        KD.el("span", { class: "king-name", text: KD.seatName(view, d.seat) }));
    const box = KD.el("div", { class: "domino", "data-domino": d.id, tabindex: "0" },
      KD.el("span", { class: "number", text: d.name }), KD.dominoSvg(d), king);
    if (d.on && d.on.whole) {  // a mark on the whole domino (a giant, footprints)
      box.append(KD.el("span", { class: "whole-mark", title: d.on.whole.words, "data-words": d.on.whole.words },
        KD.pieceSvg(d.on.whole, 20)));
    }
    if (d.on) box.addEventListener("click", (event) => KD.sayOnDomino(row, d, event));
    if (opts.onDomino) box.addEventListener("click", () => opts.onDomino(d, box));
    row.append(box);
  }
  return row;
};

// A tap (or a click) on a domino with pieces lying on it says their words under its
// line (a hover shows them too): the piece tapped, else every piece on the domino.
// (A domino the player may take now is taken by a tap: its words are on hover.)
KD.sayOnDomino = function (row, domino, event) {
  if (event.currentTarget.classList.contains("legal")) return;
  const piece = event.target.closest("[data-words]");
  const all = [...domino.on.halves, domino.on.whole].filter(Boolean).map((p) => p.words);
  let caption = row.querySelector(".line-words");
  if (!caption) {
    caption = KD.el("p", { class: "note-words line-words" });
    row.append(caption);
  }
  caption.textContent = `${domino.name}: ${piece ? piece.getAttribute("data-words") : all.join("; ")}`;
};

// The market kings pick from (view.offers): one row per offer under its name (two
// lines, a hand per player), each a "next" line a claim is clicked in; the base game's
// single offer stays the one "Picking" row.
KD.renderMarket = function (view, container, opts = {}) {
  const offers = (view.offers || []).filter((o) => o.dominoes.length);
  if (offers.length < 2) {
    if (view.next_line.length) container.append(KD.renderLine(view, view.next_line, KD.t("picking"), opts));
    return;
  }
  offers.forEach((offer, i) => {
    const row = KD.renderLine(view, offer.dominoes, KD.t("pickingFrom", { name: offer.name }), opts);
    row.dataset.offer = String(i);
    container.append(row);
  });
};

KD.kingdomTitle = function (view, kingdom) {
  return kingdom.seats.map((s) => KD.seatName(view, s)).join(" + ");
};

// Every kingdom: its players, score, and the server-drawn SVG board.
KD.renderKingdoms = function (view, container, opts = {}) {
  container.replaceChildren();
  container.style.setProperty("--kingdoms", String(view.kingdoms.length)); // one row
  for (const k of view.kingdoms) {
    const current = view.current && view.current.kingdom === k.index;
    // The castle in its player's colour (style.css: --seat).
    const panel = KD.el("section", {
      class: "kingdom-panel" + (current ? " current" : ""), "data-kingdom": k.index,
      style: `--seat:${view.players[k.seats[0]].colour}`,
    });
    const who = KD.el("span", { class: "who" });
    k.seats.forEach((s, i) => {
      if (i) who.append(" + ");
      who.append(KD.el("span", {
        class: "seat-dot", style: `background:${view.players[s].colour}`, text: "",
      }), KD.seatName(view, s));
    });
    const score = KD.el("span", { class: "score", text: k.score_words +
      (k.match_score !== null && k.match_score !== undefined ? ` (${KD.t("match", { score: k.match_score })})` : "") });
    panel.append(KD.el("h2", {}, who, score));
    const board = KD.el("div", { class: "board" });
    // The SVG is drawn by the server (kingdomino_play.svg) with every text escaped.
    board.innerHTML = k.svg;
    panel.append(board);
    if (k.discarded.length) {
      panel.append(KD.el("p", { class: "discards", text: KD.t("discarded", { names: k.discarded_names.join(", ") }) }));
    }
    if (opts.onKingdom) panel.addEventListener("click", (e) => opts.onKingdom(k, e));
    container.append(panel);
  }
};

KD.cellOf = function (container, kingdom, x, y) {
  return container.querySelector(
    `[data-kingdom="${kingdom}"] svg [data-x="${x}"][data-y="${y}"]`);
};

// The end of the game: the banner (who won, the ranking), then each kingdom's sheet.
KD.renderResult = function (view, container) {
  container.replaceChildren();
  if (!view.result) return;
  const banner = KD.el("div", { class: "banner" });
  const sheets = KD.el("div");
  KD.renderBanner(view, banner);
  KD.renderSheets(view, sheets);
  container.append(banner, sheets);
};

// Who won (or that nobody did) and the ranking with the deciding tie-breaks.
KD.renderBanner = function (view, container) {
  container.replaceChildren();
  const result = view.result;
  if (!result) return;
  const names = (seats) => seats.map((s) => KD.seatName(view, s)).join(" + ");
  const ranking = KD.el("table", { class: "ranking" },
    KD.el("tr", {}, KD.el("th", { text: KD.t("place") }), KD.el("th", { text: KD.t("kingdom") }),
      KD.el("th", { text: KD.t("pointsAndTiebreaks") }), KD.el("th", { text: KD.t("aheadOn") })));
  for (const place of result.ranking) {
    const values = Object.entries(place.values || {})
      .map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`).join(", ");
    const won = place.seats.some((s) => result.winners.includes(s));  // none: nobody won
    ranking.append(KD.el("tr", { class: won ? "winner" : "" },
      KD.el("td", { text: String(place.place) }), KD.el("td", { text: names(place.seats) }),
      KD.el("td", { text: place.values_words ?? values }),
      KD.el("td", { text: place.decided_by_words ?? (place.decided_by || "").replaceAll("_", " ") })));
  }
  const winners = result.winners.map((s) => KD.seatName(view, s));
  const headline = !winners.length ? KD.t("nobodyWon")
    : KD.t(winners.length === 1 ? "wins" : "share", { names: winners.join(KD.t("and")) });
  container.append(KD.el("h2", { class: "winners", text: headline }));
  // The rules' own words for the result ("the target of 50 points is missed by 12").
  if (result.verdict) container.append(KD.el("p", { class: "verdict", text: result.verdict }));
  container.append(ranking);
  if (result.match) {
    container.append(KD.el("p", { class: "match", text: KD.t("matchLine", {
      games: result.match.games.map((g, i) => KD.t("matchGame", { n: i + 1, scores: g.join(" / ") })).join("; "),
      totals: result.match.totals.join(" / "),
    }) }));
  }
};

// Each kingdom's score sheet, line by line.
KD.renderSheets = function (view, container) {
  container.replaceChildren();
  const result = view.result;
  if (!result) return;
  const sheets = KD.el("div", { class: "sheets" });
  for (const sheet of result.sheets) {
    const kingdom = view.kingdoms[sheet.kingdom];
    const rows = sheet.lines.map((line) => KD.el("tr", {},
      KD.el("td", { text: line.kind_words || line.kind }),
      // The server words the line in the rules' terms ("8 fire" in Origins).
      KD.el("td", { text: line.words }),
      KD.el("td", { class: "points", text: String(line.points) })));
    sheets.append(KD.el("table", { class: "sheet", "data-kingdom": sheet.kingdom },
      KD.el("caption", { text: KD.kingdomTitle(view, kingdom) }), ...rows,
      KD.el("tr", { class: "total" }, KD.el("td", { text: KD.t("total") }), KD.el("td"),
        KD.el("td", { class: "points", text: String(sheet.total) }))));
  }
  container.append(sheets);
};

// The plugins' part of the table: each note with pieces (the Court board, the giants'
// supply, the quests...) as pictures with the plugin's words on hover or tap, the
// other lines as text.
KD.renderInfo = function (view, container) {
  container.replaceChildren();
  const drawn = new Set();
  for (const note of view.notes || []) {
    drawn.add(note.words);
    // Laid on the lines' dominoes only: drawn there (each piece's words on hover or
    // tap), not listed again here.
    if (!note.pieces.length) continue;
    const caption = KD.el("p", { class: "note-words", text: note.words });
    const row = KD.el("div", { class: "note-pieces" });
    for (const piece of note.pieces) {
      const pic = KD.el("span", { class: "piece-pic", tabindex: "0", "data-words": piece.words, title: piece.words },
        KD.pieceSvg(piece, 30));
      // A tap (or a click, or Enter) says the piece's words under the row.
      const say = () => {
        caption.textContent = piece.words;
        caption.classList.add("picked");
      };
      pic.addEventListener("click", say);
      pic.addEventListener("keydown", (e) => { if (e.key === "Enter") say(); });
      row.append(pic);
    }
    container.append(KD.el("div", { class: "note" }, row, caption));
  }
  const rest = view.info.filter((line) => !drawn.has(line));
  if (rest.length) container.append(KD.el("pre", { class: "info", text: rest.join("\n") }));
};

// One piece as the kingdoms draw it (kingdomino_play/svg.py): a token, a tile, a
// figure, fire, craters or footprints, its label on it and its words as its title.
KD.HOUSE = "M0,5 L5,0 L10,5 L10,11 L0,11 Z";
KD.PERSON = "M5,0 A2.5,2.5 0 1 1 4.99,0 Z M1,12 C1,7 9,7 9,12 Z";
KD.pieceSvg = function (piece, size = 24) {
  const svg = KD.svg("svg", { width: size, height: size, viewBox: "0 0 24 24", class: `piece ${piece.shape}` });
  const label = (y, fill = "#000") => {
    if (!piece.label || piece.label === "⌂") return;
    const text = KD.svg("text", { x: 12, y, "font-size": 9, "text-anchor": "middle", fill, "font-weight": "bold" });
    text.textContent = piece.label;
    svg.append(text);
  };
  if (piece.shape === "tile") {
    svg.append(KD.svg("path", { d: KD.HOUSE, transform: "translate(2,2) scale(2)", fill: "#fff3c4", stroke: "#5d4037", "stroke-width": 0.5 }));
    label(19);
  } else if (piece.shape === "figure") {
    svg.append(KD.svg("path", { d: KD.PERSON, transform: "translate(4,1) scale(1.6)", fill: "#ffe0b2", stroke: "#3e2723", "stroke-width": 0.5 }));
    label(19);
  } else if (piece.shape === "fire") {
    svg.append(KD.svg("path", { d: KD.FLAME, transform: "translate(4,1) scale(1.6)", fill: "#ff5722", stroke: "#7f0000", "stroke-width": 0.5 }));
    label(17, "#fff");
  } else if (piece.shape === "crater") {
    const n = parseInt(piece.label, 10) || 1;
    for (let c = 0; c < n; c++) svg.append(KD.svg("circle", { cx: 5 + c * 7, cy: 12, r: 3, fill: "#3e2723", stroke: "#ffab91" }));
  } else if (piece.shape === "footprints") {
    for (const [x, y, r] of [[8, 15, -15], [15, 8, 15]]) {
      svg.append(KD.svg("ellipse", { cx: x, cy: y, rx: 3, ry: 5, fill: "#5d4037", transform: `rotate(${r} ${x} ${y})` }));
      for (let t = 0; t < 3; t++) svg.append(KD.svg("circle", { cx: x - 2 + t * 2, cy: y - 6.5, r: 0.9, fill: "#5d4037" }));
    }
  } else {
    svg.append(KD.svg("circle", { cx: 12, cy: 12, r: 10, fill: "#d7a86e", stroke: "#4e342e", "stroke-width": 1 }));
    label(15);
  }
  const title = KD.svg("title", {});
  title.textContent = piece.words;
  svg.append(title);
  return svg;
};

// Highlight a square drawn by the server: a class on it and an outline drawn on top
// of everything (tokens, crowns and borders would hide an outline of the square itself).
KD.markCell = function (cell, cls) {
  cell.classList.add(cls);
  const svg = cell.closest("svg");
  const size = Number(svg.dataset.cell);
  const x = Number(cell.getAttribute("x"));
  const y = Number(cell.getAttribute("y"));
  svg.append(KD.svg("rect", {
    x: Math.round(x / size) * size + 3, y: Math.round(y / size) * size + 3,
    width: size - 6, height: size - 6, rx: 4, class: `mark ${cls}`, "pointer-events": "none",
  }));
};

// The language selector (in every page's header) and the pages' own marked text:
// elements with data-i18n show their text translated, data-i18n-title their title.
KD.translatePage = function () {
  document.documentElement.lang = KD.words.language;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = _(node.textContent.trim());
  for (const node of document.querySelectorAll("[data-i18n-title]")) node.title = _(node.title);
  const header = document.querySelector("header");
  if (!header || KD.words.languages.length < 2) return;
  const select = KD.el("select", { id: "language", "aria-label": _("Language") });
  for (const lang of KD.words.languages) {
    const option = KD.el("option", { value: lang.tag }, lang.name);
    if (lang.tag === KD.words.language) option.selected = true;
    select.append(option);
  }
  select.addEventListener("change", () => {
    document.cookie = `kd_lang=${encodeURIComponent(select.value)}; path=/; max-age=31536000; samesite=strict`;
    window.location.reload();
  });
  header.append(KD.el("label", { class: "language" }, select));
};
document.addEventListener("DOMContentLoaded", KD.translatePage);
