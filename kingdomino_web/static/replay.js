// The replay viewer: step through a save, uploaded or from a table.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let replay = null;
  let move = 0;

  function error(message) {
    $("error").textContent = message || "";
    $("error").hidden = !message;
  }

  async function show(n) {
    if (!replay) return;
    try {
      const data = await KD.api(`/api/replays/${replay.id}?move=${n}`);
      move = data.move;
      $("slider").value = move;
      $("position").textContent = `move ${move} of ${data.moves}`;
      $("last-move").textContent = data.last || (move === 0 ? "The start of the game." : "");
      const view = data.view;
      KD.renderKingdoms(view, $("kingdoms"));
      const lines = $("lines");
      lines.replaceChildren();
      if (view.line.length) lines.append(KD.renderLine(view, view.line, "Placing"));
      if (view.next_line.length) lines.append(KD.renderLine(view, view.next_line, "Picking"));
      KD.renderInfo(view, $("info"));
      KD.renderResult(view, $("result"));
      document.body.dataset.move = String(move);
    } catch (err) {
      error(err.message);
    }
  }

  function open(info) {
    replay = info;
    $("stepper").hidden = false;
    $("slider").max = info.moves;
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
    $("file").addEventListener("change", upload);
    $("first").addEventListener("click", () => show(0));
    $("prev").addEventListener("click", () => show(move - 1));
    $("next").addEventListener("click", () => show(move + 1));
    $("last").addEventListener("click", () => show(replay ? replay.moves : 0));
    $("slider").addEventListener("input", () => show(Number($("slider").value)));
    document.addEventListener("keydown", (event) => {
      if (!replay || event.target.tagName === "INPUT") return;
      if (event.key === "ArrowRight") show(move + 1);
      if (event.key === "ArrowLeft") show(move - 1);
      if (event.key === "Home") show(0);
      if (event.key === "End") show(replay.moves);
    });
    const id = new URLSearchParams(location.hash.slice(1)).get("r");
    if (id) {
      KD.api(`/api/replays/${id}?move=0`).then((data) => open({ id, moves: data.moves })).catch((err) => error(err.message));
    }
  });
})();
