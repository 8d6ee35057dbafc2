// The lobby: choose a ruleset and who sits at each seat, create the table.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let rulesets = [];
  let bots = [];
  const KINDS = [["here", KD.t("kindHere")], ["link", KD.t("kindLink")], ["bot", KD.t("kindBot")]];

  function selected() {
    return rulesets.find((r) => r.key === $("ruleset").value);
  }

  function fillCounts() {
    const ruleset = selected();
    const count = $("count");
    count.replaceChildren(...(ruleset.players || []).map((n) =>
      KD.el("option", { value: n, selected: n === ruleset.default_players, text: String(n) })));
    $("ruleset-description").textContent = ruleset.error || ruleset.description || "";
    fillSeats();
  }

  function fillSeats() {
    const body = document.querySelector("#seats tbody");
    const old = [...body.querySelectorAll("tr")].map(readSeat);
    const n = Number($("count").value || 0);
    body.replaceChildren();
    for (let i = 0; i < n; i++) {
      const prev = old[i] || { name: `P${i + 1}`, kind: i === 0 ? "here" : "bot", agent: "greedy" };
      const [agentName, agentOptions] = (prev.agent || "greedy").split(/:(.*)/s);
      const kind = KD.el("select", { class: "kind", "aria-label": KD.t("seatPlayer", { n: i + 1 }) },
        KINDS.map(([v, t]) => KD.el("option", { value: v, selected: v === prev.kind, text: t })));
      const agent = KD.el("select", { class: "agent", "aria-label": KD.t("seatBot", { n: i + 1 }) },
        bots.map((b) => KD.el("option", { value: b.name, selected: b.name === agentName, title: b.help, text: b.name })));
      const options = KD.el("input", { class: "options", value: agentOptions || "", "aria-label": KD.t("seatOptions", { n: i + 1 }) });
      // Suggest options only for a bot that takes some (its help lists them).
      const sync = () => {
        const takes = botOptions(agent.value);
        agent.disabled = kind.value !== "bot";
        options.disabled = kind.value !== "bot" || (!takes.length && !options.value);
        options.placeholder = takes.length ? KD.t("optionsExample", { option: takes[0] }) : KD.t("noOptions");
      };
      kind.addEventListener("change", sync);
      agent.addEventListener("change", sync);
      sync();
      body.append(KD.el("tr", { "data-seat": i },
        KD.el("td", { text: String(i + 1) }),
        KD.el("td", {}, KD.el("input", { class: "name", value: prev.name, maxlength: 40, "aria-label": KD.t("seatName", { n: i + 1 }) })),
        KD.el("td", {}, kind), KD.el("td", {}, agent), KD.el("td", {}, options)));
    }
  }

  // "options: playouts=N, time=wall seconds" in a bot's help: the names it takes.
  function botOptions(name) {
    const bot = bots.find((b) => b.name === name);
    const found = bot && /options?:\s*(.*)$/i.exec(bot.help || "");
    if (!found) return [];
    return found[1].split(",").map((part) => part.trim().split(" ")[0]).filter((o) => o.includes("="));
  }

  function readSeat(row) {
    const kind = row.querySelector(".kind").value;
    const options = row.querySelector(".options").value.trim();
    const agent = row.querySelector(".agent").value + (options ? `:${options}` : "");
    return { name: row.querySelector(".name").value.trim(), kind, agent: kind === "bot" ? agent : undefined };
  }

  async function create(event) {
    event.preventDefault();
    $("error").hidden = true;
    const seats = [...document.querySelectorAll("#seats tbody tr")].map(readSeat);
    const body = { ruleset: $("ruleset").value, seats };
    if ($("seed").value !== "") body.seed = Number($("seed").value);
    try {
      const table = await KD.api("/api/tables", { method: "POST", body });
      remember(table);
      showCreated(table);
    } catch (err) {
      $("error").textContent = err.message;
      $("error").hidden = false;
    }
  }

  function tableUrl(id, token) {
    return `${location.origin}/table/${id}#t=${token}`;
  }

  function showCreated(table) {
    $("created").hidden = false;
    $("open-table").href = tableUrl(table.id, table.host);
    const links = table.links.filter((l) => l.kind === "link");
    $("created-links").replaceChildren(...(links.length ? [
      KD.el("p", { text: KD.t("sendLinks") }),
      KD.el("ul", {}, links.map((l) => KD.el("li", {}, `${l.name}: `,
        KD.el("a", { class: "seat-link", "data-seat": l.seat, href: tableUrl(table.id, l.token), text: tableUrl(table.id, l.token) }),
        " ", KD.copyButton(tableUrl(table.id, l.token))))),
    ] : []));
  }

  function remember(table) {
    const mine = JSON.parse(localStorage.getItem("kd-tables") || "[]");
    mine.unshift({ id: table.id, host: table.host, ruleset: $("ruleset").value, when: new Date().toISOString() });
    localStorage.setItem("kd-tables", JSON.stringify(mine.slice(0, 30)));
    listMine();
  }

  function listMine() {
    const mine = JSON.parse(localStorage.getItem("kd-tables") || "[]");
    $("my-tables").replaceChildren(...mine.map((t) => KD.el("li", {},
      KD.el("a", { href: tableUrl(t.id, t.host), text: `${t.ruleset} — ${t.when.slice(0, 16).replace("T", " ")}` }))));
    $("mine").hidden = !mine.length;
  }

  document.addEventListener("DOMContentLoaded", async () => {
    [rulesets, bots] = await Promise.all([KD.api("/api/rulesets"), KD.api("/api/agents")]);
    $("ruleset").replaceChildren(...rulesets.map((r) => KD.el("option", {
      value: r.key, selected: r.key === "base",
      text: (r.where === "shipped" ? r.key : `${r.key} (${r.where})`) + (r.runs_code ? KD.t("runsCode") : ""),
    })));
    $("ruleset").addEventListener("change", fillCounts);
    $("count").addEventListener("change", fillSeats);
    $("new-table").addEventListener("submit", create);
    fillCounts();
    listMine();
    document.body.dataset.ready = "1";
  });
})();
