// The table's pictures, drawn for this project (no image is fetched): a tile for each
// terrain, the kings as pieces, and the movements of kings and dominoes between two
// states (FLIP: First, Last, Invert, Play), none when the system asks for reduced motion.
//
// Terrain tiles are SVG <pattern>s in one hidden <svg> of the page, filled into the
// squares the server draws (rect.square[data-terrain], kingdomino_play/svg.py) by
// style.css, and into the line's dominoes by KD.dominoSvg. A terrain a plugin adds that
// has no tile here keeps the plain colour the plugin gave it.
"use strict";

(function () {
  // Each tile in a 1 x 1 box (patternContentUnits="objectBoundingBox"): the background
  // colour, then its drawing as [tag, attributes] pairs.
  const tree = (x, y, s, fill) => ["path", {
    d: `M${x},${y - 0.32 * s} L${x + 0.16 * s},${y} L${x - 0.16 * s},${y} Z`, fill,
  }];
  const trunk = (x, y, s) => ["rect", { x: x - 0.02 * s, y, width: 0.04 * s, height: 0.08 * s, fill: "#4e342e" }];
  const stalk = (x) => ["path", {
    d: `M${x},0.9 L${x},0.4 M${x},0.48 l-0.05,-0.06 M${x},0.48 l0.05,-0.06 M${x},0.6 l-0.05,-0.06 ` +
      `M${x},0.6 l0.05,-0.06 M${x},0.72 l-0.05,-0.06 M${x},0.72 l0.05,-0.06`,
    stroke: "#9a7412", "stroke-width": 0.03, fill: "none", "stroke-linecap": "round",
  }];
  const wave = (y) => ["path", {
    d: `M0.08,${y} q0.1,-0.07 0.2,0 t0.2,0 t0.2,0 t0.2,0`,
    stroke: "#bbdefb", "stroke-width": 0.035, fill: "none", "stroke-linecap": "round",
  }];
  const tuft = (x, y) => ["path", {
    d: `M${x},${y} l0.03,-0.09 M${x},${y} l0.06,-0.07 M${x},${y} l-0.01,-0.1`,
    stroke: "#558b2f", "stroke-width": 0.025, fill: "none", "stroke-linecap": "round",
  }];
  const reed = (x, y) => [["path", { d: `M${x},${y} l0,-0.28`, stroke: "#3e2723", "stroke-width": 0.025 }],
    ["ellipse", { cx: x, cy: y - 0.24, rx: 0.025, ry: 0.07, fill: "#4e342e" }]];
  const rock = (d, fill) => ["path", { d, fill, stroke: "#303030", "stroke-width": 0.02 }];

  KD.TILES = {
    wheat: ["#e8c547", [0.18, 0.34, 0.5, 0.66, 0.82].map(stalk)],
    forest: ["#2e7d32", [trunk(0.28, 0.52, 1), tree(0.28, 0.52, 1, "#1b5e20"), trunk(0.7, 0.42, 1),
      tree(0.7, 0.42, 1, "#1b5e20"), trunk(0.5, 0.84, 1), tree(0.5, 0.84, 1, "#43a047")]],
    lake: ["#1e88e5", [wave(0.3), wave(0.55), wave(0.8)]],
    grassland: ["#9ccc65", [tuft(0.2, 0.4), tuft(0.6, 0.3), tuft(0.4, 0.7), tuft(0.78, 0.62),
      ["circle", { cx: 0.3, cy: 0.55, r: 0.03, fill: "#fff59d" }],
      ["circle", { cx: 0.7, cy: 0.82, r: 0.03, fill: "#fff" }]]],
    swamp: ["#8d6e63", [["ellipse", { cx: 0.35, cy: 0.68, rx: 0.22, ry: 0.09, fill: "#6d8c84" }],
      ["ellipse", { cx: 0.72, cy: 0.4, rx: 0.14, ry: 0.06, fill: "#6d8c84" }],
      ...reed(0.22, 0.62), ...reed(0.58, 0.72), ...reed(0.82, 0.52)]],
    mine: ["#616161", [rock("M0.1,0.9 L0.2,0.55 L0.4,0.4 L0.6,0.45 L0.85,0.6 L0.92,0.9 Z", "#757575"),
      ["path", { d: "M0.32,0.9 L0.32,0.7 Q0.5,0.5 0.68,0.7 L0.68,0.9 Z", fill: "#212121" }],
      ["path", { d: "M0.2,0.3 l0.2,-0.12 M0.28,0.16 l0.06,0.12", stroke: "#bdbdbd", "stroke-width": 0.03 }]]],
    desert: ["#e6c88a", [["path", { d: "M0,0.55 Q0.3,0.38 0.6,0.55 T1,0.5", stroke: "#c9a465", "stroke-width": 0.04, fill: "none" }],
      ["path", { d: "M0,0.82 Q0.25,0.68 0.5,0.8 T1,0.78", stroke: "#c9a465", "stroke-width": 0.04, fill: "none" }]]],
    jungle: ["#1b5e20", [["ellipse", { cx: 0.3, cy: 0.4, rx: 0.2, ry: 0.08, fill: "#388e3c", transform: "rotate(-30 0.3 0.4)" }],
      ["ellipse", { cx: 0.7, cy: 0.55, rx: 0.2, ry: 0.08, fill: "#2e7d32", transform: "rotate(25 0.7 0.55)" }],
      ["ellipse", { cx: 0.42, cy: 0.8, rx: 0.18, ry: 0.07, fill: "#43a047", transform: "rotate(-10 0.42 0.8)" }]]],
    quarry: ["#9e9e9e", [["path", {
      d: "M0.1,0.35 h0.38 v0.22 h-0.38 Z M0.52,0.35 h0.38 v0.22 h-0.38 Z M0.3,0.62 h0.4 v0.24 h-0.4 Z",
      fill: "#bdbdbd", stroke: "#616161", "stroke-width": 0.025 }]]],
    volcano: ["#c62828", [["path", { d: "M0.12,0.92 L0.4,0.35 L0.6,0.35 L0.88,0.92 Z", fill: "#4e342e" }],
      ["path", { d: "M0.42,0.37 L0.5,0.6 L0.58,0.37 Z", fill: "#ff9800" }]]],
  };

  KD.tileId = (terrain) => `kd-tile-${terrain}`;
  KD.hasTile = (terrain) => Object.prototype.hasOwnProperty.call(KD.TILES, terrain);
  // The fill of a square of ``terrain``: its tile, else the plugin's colour.
  KD.terrainFill = (terrain, colour) => (KD.hasTile(terrain) ? `url(#${KD.tileId(terrain)})` : colour);

  // The hidden <svg> holding every tile, once per page.
  KD.installArt = function () {
    if (document.getElementById("kd-art")) return;
    const svg = KD.svg("svg", { id: "kd-art", width: 0, height: 0, "aria-hidden": "true" });
    svg.style.cssText = "position:absolute;width:0;height:0;overflow:hidden";
    const defs = KD.svg("defs", {});
    for (const [name, [colour, parts]] of Object.entries(KD.TILES)) {
      const pattern = KD.svg("pattern", {
        id: KD.tileId(name), width: 1, height: 1, patternUnits: "objectBoundingBox",
        patternContentUnits: "objectBoundingBox",
      });
      pattern.append(KD.svg("rect", { width: 1, height: 1, fill: colour }));
      for (const [tag, attrs] of parts) pattern.append(KD.svg(tag, attrs));
      defs.append(pattern);
    }
    svg.append(defs);
    document.body.prepend(svg);
  };

  // A king as a piece, in its player's colour (16 units high, 12 wide).
  KD.KING = "M2,16 L10,16 L9.2,13.4 L8,13.4 L8.6,8.4 L10,7 L2,7 L3.4,8.4 L4,13.4 L2.8,13.4 Z" +
    " M6,2.8 A2.2,2.2 0 1 1 5.99,2.8 Z";
  KD.KING_CROWN = "M3.6,4.6 L3.4,1.2 L4.9,2.5 L6,0.4 L7.1,2.5 L8.6,1.2 L8.4,4.6 Z";
  KD.kingPiece = function (colour, size = 22, name = "") {
    const svg = KD.svg("svg", {
      width: size * 0.75, height: size, viewBox: "0 0 12 16.5", class: "king-piece",
    });
    svg.append(KD.svg("path", { d: KD.KING, fill: colour, stroke: "#1a1a1a", "stroke-width": 0.7 }));
    svg.append(KD.svg("path", { d: KD.KING_CROWN, fill: "#ffd54f", stroke: "#5d4037", "stroke-width": 0.5 }));
    if (name) {
      const title = KD.svg("title", {});
      title.textContent = name;
      svg.append(title);
    }
    return svg;
  };

  // -- movement ------------------------------------------------------------------------

  KD.reducedMotion = () => Boolean(window.matchMedia &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches);

  // Where things are before a new state is drawn: kings, the lines' dominoes (their
  // pictures kept, to fly a placed one to its squares) and the dominoes placed so far.
  KD.snapshot = function (view) {
    const kings = {};
    for (const node of document.querySelectorAll("[data-king]")) {
      kings[node.dataset.king] = node.getBoundingClientRect();
    }
    const dominoes = {};
    for (const node of document.querySelectorAll("[data-line] .domino[data-domino]")) {
      const pic = node.querySelector(".domino-pic");
      if (pic) dominoes[node.dataset.domino] = { rect: pic.getBoundingClientRect(), pic };
    }
    return { kings, dominoes, placed: KD.placedIn(view) };
  };

  // Domino id -> [kingdom, squares] of every domino placed in ``view``'s kingdoms.
  KD.placedIn = function (view) {
    const found = {};
    for (const k of (view && view.kingdoms) || []) {
      for (const p of k.placed || []) found[p.domino] = [k.index, p.squares];
    }
    return found;
  };

  function count(name) {
    document.body.dataset[name] = String(Number(document.body.dataset[name] || 0) + 1);
  }

  // After the new state is drawn: kings slide from their old domino to their new one,
  // a domino just placed flies from the line to the squares it covers.
  KD.animateFrom = function (before, view) {
    if (!before || KD.reducedMotion()) return;
    for (const node of document.querySelectorAll("[data-king]")) {
      const old = before.kings[node.dataset.king];
      if (!old) continue;
      const now = node.getBoundingClientRect();
      const dx = old.left - now.left;
      const dy = old.top - now.top;
      if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
      node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: 450, easing: "ease-out" });
      count("kingMoves");
    }
    for (const [id, [kingdom, squares]] of Object.entries(KD.placedIn(view))) {
      const old = before.dominoes[id];
      if (before.placed[id] || !old) continue;
      const cells = squares.map(([x, y]) => KD.cellOf(document, kingdom, x, y));
      if (cells.some((c) => !c)) continue;
      fly(old, cells.map((c) => c.getBoundingClientRect()));
    }
  };

  // A clone of the line's picture flies to the two squares, turned as it was placed
  // (its first half on the first square), then goes: the board shows it there.
  function fly(old, cells) {
    const [first, second] = cells;
    const centre = (c) => [(c.left + c.right) / 2, (c.top + c.bottom) / 2];
    const [ax, ay] = centre(first);
    const [bx, by] = centre(second);
    const turn = Math.round(Math.atan2(by - ay, bx - ax) * 180 / Math.PI);
    const r = old.rect;
    const scale = first.width / (r.width / 2);
    const dx = (ax + bx) / 2 - (r.left + r.width / 2);
    const dy = (ay + by) / 2 - (r.top + r.height / 2);
    const clone = old.pic.cloneNode(true);
    clone.classList.add("flying");
    clone.style.cssText = `position:fixed;left:${r.left}px;top:${r.top}px;width:${r.width}px;` +
      `height:${r.height}px;pointer-events:none;z-index:10;transform-origin:50% 50%`;
    document.body.append(clone);
    const motion = clone.animate([
      { transform: "none", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) rotate(${turn}deg) scale(${scale})`, opacity: 0.9 },
    ], { duration: 500, easing: "ease-in-out" });
    motion.onfinish = () => clone.remove();
    count("flights");
  }
})();
