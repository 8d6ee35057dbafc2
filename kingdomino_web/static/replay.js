// The replay viewer: step through a save, uploaded or from a table.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let replay = null;
  // The viewer steps by decisions: step k is the table after k decisions, the chance
  // draws that follow each already played (stops[k] is its move in the save).
  let step = 0;
  let stops = [0];
  let shown = null; // the view on screen (what moves from where)

  function error(message) {
    $("error").textContent = message || "";
    $("error").hidden = !message;
  }

  async function show(k) {
    if (!replay) return;
    k = Math.max(0, Math.min(k, stops.length - 1));
    try {
      const data = await KD.api(`/api/replays/${replay.id}?move=${stops[k]}`);
      step = k;
      $("slider").value = step;
      $("position").textContent = KD.t("decisionOf", { n: step, total: stops.length - 1 });
      $("last-move").textContent = step === 0 ? KD.t("gameStart") : data.decided || data.last;
      const view = data.view;
      const before = KD.snapshot(shown);
      shown = view;
      KD.renderKingdoms(view, $("kingdoms"));
      const lines = $("lines");
      lines.replaceChildren();
      if (view.line.length) lines.append(KD.renderLine(view, view.line, KD.t("placing")));
      KD.renderMarket(view, lines);
      KD.renderInfo(view, $("info"));
      KD.animateFrom(before, view);
      KD.renderResult(view, $("result"));
      document.body.dataset.move = String(step);
      document.body.dataset.log = String(data.move);
    } catch (err) {
      error(err.message);
    }
  }

  function open(info) {
    replay = info;
    stops = info.stops && info.stops.length ? info.stops : [0, info.moves];
    $("stepper").hidden = false;
    $("slider").max = stops.length - 1;
    location.hash = `r=${info.id}`;
    show(0);
  }

  async function upload() {
    error("");
    const file = $("file").files[0];
    if (!file) return;
    try {
      open(await KD.api("/api/replays", { method: "POST", body: await file.text() }));
    } catch (err) {
      error(err.message);
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    KD.installArt();
    $("file").addEventListener("change", upload);
    $("first").addEventListener("click", () => show(0));
    $("prev").addEventListener("click", () => show(step - 1));
    $("next").addEventListener("click", () => show(step + 1));
    $("last").addEventListener("click", () => show(stops.length - 1));
    $("slider").addEventListener("input", () => show(Number($("slider").value)));
    document.addEventListener("keydown", (event) => {
      if (!replay || event.target.tagName === "INPUT") return;
      if (event.key === "ArrowRight") show(step + 1);
      if (event.key === "ArrowLeft") show(step - 1);
      if (event.key === "Home") show(0);
      if (event.key === "End") show(stops.length - 1);
    });
    const id = new URLSearchParams(location.hash.slice(1)).get("r");
    if (id) {
      KD.api(`/api/replays/${id}?move=0`).then((data) => open({ id, moves: data.moves, stops: data.stops })).catch((err) => error(err.message));
    }
  });
})();
