// The Learn view's Sudoku (issue 30): a teaching search filling and undoing cells, the reason of
// each dead end beside the board, and the race of plain backtracking, the fewest-candidates rule
// and exact cover (GET /api/learn/race), each with its node count.
//
// A module of the Learn shell (learn.js): it registers itself with Learn.register("sudoku", ...)
// and the shell pages through GET /api/learn/sudoku, handing each event to apply() (and undo()
// on a step back). The events are the library's (tessera::sudoku::teach::Event::to_json):
// choose, reject, place, unplace, dead_end, solution, each with the counters after it.
(function () {
  "use strict";

  const ENGINES = [
    ["backtrack", "Plain backtracking", "the first empty cell, digits 1 to 9, each checked on placement"],
    ["mrv", "Fewest candidates", "the empty cell with the fewest candidates first"],
    ["dlx1", "Exact cover (DLX1)", "Knuth's dancing links on the exact-cover reduction"],
  ];
  const DIGITS = "123456789ABCDEFGHIJKLMNOP";
  /// Reasons kept in the side list at most (the newest first).
  const KEEP = 12;

  const view = {
    size: 0,
    cells: [], // the <td> of each cell
    digits: [], // the digit in each cell, 0 empty
    givens: [],
    focus: -1, // the cell of the last event
    reasons: [], // the side list's <li>, newest first
    dead: [], // the cells marked as dead ends since the last placement or undo
    list: null,
    race: null,
    puzzle: "",
  };

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function stylesheet() {
    if (document.querySelector('link[href="/learn-sudoku.css"]')) return;
    document.head.append(el("link", { rel: "stylesheet", href: "/learn-sudoku.css" }));
  }

  function cellName(cell) {
    return "r" + (Math.floor(cell / view.size) + 1) + "c" + ((cell % view.size) + 1);
  }

  function show(cell) {
    const td = view.cells[cell];
    const digit = view.digits[cell];
    td.textContent = digit ? DIGITS[digit - 1] : "";
    td.setAttribute("aria-label", cellName(cell) + (digit ? " " + digit : " empty"));
  }

  function mark(cell) {
    if (view.focus >= 0) view.cells[view.focus].classList.remove("learn-focus");
    view.focus = cell;
    if (cell >= 0) view.cells[cell].classList.add("learn-focus");
  }

  function reasonText(event) {
    if (event.event === "choose") {
      return event.name + " chosen: the fewest candidates, " + event.candidates.length + " (" +
        event.candidates.join(", ") + ")";
    }
    if (event.event === "reject") {
      return event.name + ": " + event.digit + " is pruned, " + event.peer_name + " holds it (" + event.house + ")";
    }
    const parts = (event.blocked || []).map((b) => b.digit + " by " + b.peer_name + " (" + b.house + ")");
    return "dead end at " + event.name + ": no digit fits; " + parts.join(", ");
  }

  function addReason(event) {
    const li = el("li", { class: "learn-reason-" + event.event }, reasonText(event));
    view.list.prepend(li);
    view.reasons.unshift(li);
    while (view.reasons.length > KEEP) view.reasons.pop().remove();
  }

  // A dead end's mark lasts until the search moves on (the next placement or undo).
  function clearDead() {
    for (const cell of view.dead) view.cells[cell].classList.remove("learn-dead");
    view.dead = [];
  }

  function dropReason() {
    const li = view.reasons.shift();
    if (li) li.remove();
  }

  function raceRow(engine, label, how) {
    const row = el("div", { class: "learn-racer", "data-engine": engine });
    row.append(el("h3", {}, label), el("p", { class: "learn-how" }, how));
    const out = el("p", { class: "learn-race-count" });
    out.append(el("output", { "data-race-nodes": engine }, "…"), document.createTextNode(" nodes"));
    row.append(out);
    return row;
  }

  async function runRace() {
    const status = view.race.querySelector(".learn-race-status");
    status.textContent = "racing…";
    try {
      const response = await fetch("/api/learn/race?puzzle=" + encodeURIComponent(view.puzzle));
      const body = await response.json();
      if (!response.ok) throw new Error(body.error || response.statusText);
      for (const racer of body.racers) {
        const out = view.race.querySelector('[data-race-nodes="' + racer.engine + '"]');
        const row = out.closest(".learn-racer");
        out.textContent = String(racer.nodes);
        row.dataset.outcome = racer.outcome;
        const note = racer.outcome === "gave_up" ? " (gave up after " + racer.nodes + " nodes: " + racer.reason + ")" : "";
        row.querySelector(".learn-race-count").lastChild.textContent = " nodes" + note;
      }
      status.textContent = "each to its first solution, within " + body.budget.nodes + " nodes and " +
        body.budget.seconds + " s in all";
    } catch (err) {
      status.textContent = "the race failed: " + err.message;
    }
  }

  const module = {
    title: "Sudoku: backtracking and the race",

    // The view's parameters, from the form the shell gives (or the address): the puzzle (a line
    // or "daily") and the engine.
    params(form) {
      const url = new URLSearchParams(location.search);
      const value = (name, fallback) => {
        const field = form && form.elements ? form.elements.namedItem(name) : null;
        return (field && field.value) || url.get(name) || fallback;
      };
      if (form && form.elements && !form.elements.namedItem("puzzle")) {
        const puzzle = el("input", { name: "puzzle", id: "learn-sudoku-puzzle", inputmode: "numeric", autocomplete: "off", spellcheck: "false", placeholder: "81 digits, . or 0 for empty, or daily" });
        puzzle.value = url.get("puzzle") || "daily";
        const engine = el("select", { name: "engine", id: "learn-sudoku-engine" });
        for (const [name, label] of ENGINES.slice(0, 2)) engine.append(el("option", { value: name }, label));
        engine.value = url.get("engine") || "backtrack";
        form.append(
          el("label", { for: "learn-sudoku-puzzle" }, "Puzzle"), puzzle,
          el("label", { for: "learn-sudoku-engine" }, "Search"), engine,
        );
      }
      return { puzzle: value("puzzle", "daily"), engine: value("engine", "backtrack") };
    },

    setup(root, setup) {
      stylesheet();
      root.replaceChildren();
      view.size = setup.size;
      view.puzzle = setup.puzzle;
      view.digits = Array.from(setup.puzzle, (ch) => (ch === "." ? 0 : DIGITS.indexOf(ch) + 1));
      view.givens = view.digits.map((d) => d !== 0);
      view.focus = -1;
      view.reasons = [];
      view.dead = [];
      const wrap = el("div", { class: "learn-sudoku" });
      const table = el("table", { class: "learn-sudoku-board", role: "grid", "aria-label": "the search's board" });
      const body = el("tbody");
      view.cells = [];
      for (let r = 0; r < view.size; r++) {
        const tr = el("tr", { role: "row" });
        for (let c = 0; c < view.size; c++) {
          const cell = r * view.size + c;
          const td = el("td", { role: "gridcell" });
          const region = setup.regions[cell];
          if (c + 1 < view.size && setup.regions[cell + 1] !== region) td.classList.add("learn-edge-right");
          if (r + 1 < view.size && setup.regions[cell + view.size] !== region) td.classList.add("learn-edge-bottom");
          if (view.givens[cell]) td.classList.add("learn-given");
          view.cells.push(td);
          tr.append(td);
          show(cell);
        }
        body.append(tr);
      }
      table.append(body);
      const side = el("section", { class: "learn-sudoku-side", "aria-label": "pruning and dead ends" });
      side.append(el("h3", {}, "Choices, pruning and dead ends"));
      view.list = el("ol", { class: "learn-reasons", reversed: "" });
      side.append(view.list);
      view.race = el("section", { class: "learn-race", "aria-label": "the race" });
      view.race.append(el("h3", {}, "The race on this puzzle"));
      const rows = el("div", { class: "learn-racers" });
      for (const [engine, label, how] of ENGINES) rows.append(raceRow(engine, label, how));
      view.race.append(rows, el("p", { class: "learn-race-status", role: "status" }));
      wrap.append(table, side);
      root.append(wrap, view.race);
      runRace();
    },

    apply(event) {
      switch (event.event) {
        case "choose":
        case "reject":
          mark(event.cell);
          addReason(event);
          break;
        case "place":
          clearDead();
          view.digits[event.cell] = event.digit;
          view.cells[event.cell].classList.add("learn-tried");
          show(event.cell);
          mark(event.cell);
          break;
        case "unplace":
          clearDead();
          view.digits[event.cell] = 0;
          view.cells[event.cell].classList.remove("learn-tried");
          show(event.cell);
          mark(event.cell);
          break;
        case "dead_end":
          view.dead.push(event.cell);
          view.cells[event.cell].classList.add("learn-dead");
          mark(event.cell);
          addReason(event);
          break;
        case "solution":
          mark(-1);
          view.cells.forEach((td) => td.classList.add("learn-solved"));
          break;
      }
    },

    undo(event) {
      switch (event.event) {
        case "choose":
        case "reject":
          dropReason();
          break;
        case "place":
          view.digits[event.cell] = 0;
          view.cells[event.cell].classList.remove("learn-tried");
          show(event.cell);
          break;
        case "unplace":
          view.digits[event.cell] = event.digit;
          view.cells[event.cell].classList.add("learn-tried");
          show(event.cell);
          break;
        case "dead_end":
          view.cells[event.cell].classList.remove("learn-dead");
          view.dead = view.dead.filter((cell) => cell !== event.cell);
          dropReason();
          break;
        case "solution":
          view.cells.forEach((td) => td.classList.remove("learn-solved"));
          break;
      }
    },

    describe(event) {
      switch (event.event) {
        case "choose":
        case "reject":
          return reasonText(event);
        case "place":
          return "Place " + event.digit + " in " + event.name + ", node " + event.nodes;
        case "unplace":
          return "Undo " + event.digit + " in " + event.name;
        case "dead_end":
          return reasonText(event);
        case "solution":
          return "Solved after " + event.nodes + " nodes";
        default:
          return event.event;
      }
    },

    render() {
      // apply() and undo() draw as they go.
    },

    result(final) {
      const grid = final && final.result && final.result.solution;
      if (!grid) return;
      view.digits = Array.from(grid, (ch) => DIGITS.indexOf(ch) + 1);
      view.cells.forEach((td, cell) => {
        show(cell);
        td.classList.add("learn-solved");
      });
    },
  };

  if (window.Learn && typeof window.Learn.register === "function") window.Learn.register("sudoku", module);
  window.LearnSudoku = module;
})();
