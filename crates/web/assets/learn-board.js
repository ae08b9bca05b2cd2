// Tessera Learn, views "queens" and "tiling": the same exact-cover search as the xc view, drawn
// on the board (docs/learn.md). The setup maps each option to its squares ([label, square, ...],
// squares row by row from 0); an option tried at level L is put on the board, and taken off at
// the first uncover of level L after it (the retreat from that option) or when the level backs
// up. "To the end" shows the count and, for tilings, the gallery of the distinct tilings (one
// SVG each, fetched 24 at a time as they scroll into view).
// Test hooks: #board-grid (div.sq[data-square], .filled, data-piece), #tiling-gallery (li, one
// per distinct tiling; data-count: how many), #board-found (the solutions seen).
(function () {
  "use strict";
  const el = (tag, props = {}, ...kids) => {
    const e = document.createElement(tag);
    Object.assign(e, props);
    e.append(...kids);
    return e;
  };
  const BOARDS = ["6x10", "5x12", "4x15", "3x20"];

  function makeView(kind) {
    const s = {};

    function params(form, search) {
      if (kind === "queens") {
        const n = Math.min(12, Math.max(4, Number(search.get("n")) || 8));
        const input = el("input", { id: "queens-n", name: "n", type: "number", min: 4, max: 12, value: n });
        form.append(el("label", {}, "Queens on an n×n board, n = ", input));
        return { n };
      }
      const board = BOARDS.includes(search.get("board")) ? search.get("board") : "6x10";
      const pick = el("select", { id: "tiling-board", name: "board" }, ...BOARDS.map((b) => el("option", { value: b, textContent: `${b} with the 12 pentominoes` })));
      pick.value = board;
      s.board = board;
      form.append(el("label", {}, "Board ", pick));
      return { board };
    }

    function setup(root, setup) {
      s.setup = setup;
      s.placed = []; // by level: option index or null
      s.retreated = [];
      s.current = null;
      s.found = 0;
      s.pieces = setup.pieces || ["Q"];
      root.textContent = "";
      const grid = el("div", { id: "board-grid", className: `board-grid ${kind}`, role: "img" });
      grid.style.setProperty("--w", setup.width);
      grid.style.setProperty("--h", setup.height);
      s.squares = [];
      for (let i = 0; i < setup.width * setup.height; i++) {
        const sq = el("div", { className: "sq" });
        sq.dataset.square = String(i);
        if (kind === "queens" && (Math.floor(i / setup.width) + (i % setup.width)) % 2) sq.classList.add("dark");
        s.squares.push(sq);
        grid.append(sq);
      }
      root.append(grid, el("p", { id: "board-found", className: "muted" }));
    }

    function apply(ev) {
      s.current = ev;
      switch (ev.event) {
        case "try":
          s.placed.length = ev.level;
          s.placed.push(ev.option);
          s.retreated.length = ev.level + 1;
          s.retreated[ev.level] = false;
          break;
        case "uncover":
          // The first uncover at a level after its try is the retreat from that option.
          if (s.placed[ev.level] !== undefined && s.placed[ev.level] !== null) s.placed[ev.level] = null;
          break;
        case "backtrack":
          s.placed.length = ev.level;
          break;
        case "solution":
          s.found++;
          break;
      }
    }

    const name = (o) => s.setup.options[o][0];
    const squares = (o) => s.setup.options[o].slice(1);
    const at = (square) => `row ${Math.floor(square / s.setup.width) + 1}, column ${(square % s.setup.width) + 1}`;

    function describe(ev) {
      switch (ev.event) {
        case "choose": {
          const what = /^r\d+c\d+$/.test(ev.item) ? `square ${ev.item}` : kind === "queens" ? `line ${ev.item}` : `piece ${ev.item}`;
          if (ev.options.length === 0) return `Level ${ev.level}: ${what} can take nothing: a dead end.`;
          return `Level ${ev.level}: ${what} has the fewest ways (${ev.options.length}).`;
        }
        case "try":
          return kind === "queens"
            ? `Level ${ev.level}: a queen on ${at(squares(ev.option)[0])}.`
            : `Level ${ev.level}: piece ${name(ev.option)} on ${squares(ev.option).map(at).join("; ")}.`;
        case "cover":
          return `Cover ${ev.item}.`;
        case "uncover":
          return `Uncover ${ev.item}.`;
        case "backtrack":
          return ev.dead_end ? `Level ${ev.level}: dead end, back up.` : `Level ${ev.level}: every way tried, back up.`;
        case "solution":
          return kind === "queens" ? `Solution ${ev.solutions}: ${s.placed.length} queens, none attacking another.` : `Solution ${ev.solutions}: the board is tiled.`;
        default:
          return ev.event;
      }
    }

    function hue(letter) {
      const i = s.pieces.indexOf(letter);
      return Math.round((Math.max(0, i) * 360) / Math.max(1, s.pieces.length));
    }

    function render() {
      for (const sq of s.squares) {
        sq.classList.remove("filled", "last");
        sq.textContent = "";
        delete sq.dataset.piece;
        sq.style.removeProperty("--hue");
      }
      const ev = s.current;
      s.placed.forEach((o) => {
        if (o === null || o === undefined) return;
        for (const q of squares(o)) {
          const sq = s.squares[q];
          sq.classList.add("filled");
          sq.dataset.piece = name(o);
          sq.textContent = kind === "queens" ? "♛" : name(o);
          if (kind === "tiling") sq.style.setProperty("--hue", hue(name(o)));
          if (ev && ev.event === "try" && ev.option === o) sq.classList.add("last");
        }
      });
      const filled = s.squares.filter((q) => q.classList.contains("filled")).length;
      const grid = document.getElementById("board-grid");
      grid.setAttribute("aria-label", `${filled} of ${s.squares.length} squares filled`);
      document.getElementById("board-found").textContent = `${s.found} solutions seen so far.`;
    }

    function result(json, root) {
      const f = json.final || {};
      root.append(el("h3", { textContent: "To the end" }), el("p", { textContent: `${f.solutions} solutions, ${f.nodes} nodes, ${f.updates} updates (Knuth's DLX1).` }));
      if (kind === "queens") {
        const list = el("ol", { id: "queens-solutions", className: "queens-solutions" });
        for (const sol of json.result.options.slice(0, 20)) {
          const cols = sol.map((o) => o % s.setup.width).map((c) => c + 1);
          list.append(el("li", { textContent: `columns ${cols.join(" ")}` }));
        }
        root.append(el("p", { textContent: "The first solutions, each as the column of the queen of each row:" }), list);
        return;
      }
      const count = json.result.distinct;
      root.append(el("p", { textContent: `${count} distinct tilings up to the board's ${json.result.symmetries} symmetries (each of them is found ${json.result.symmetries} times, turned and flipped).` }));
      const gallery = el("ol", { id: "tiling-gallery", className: "tiling-gallery" });
      gallery.dataset.count = String(count);
      const page = json.result.gallery.page;
      const loaded = new Set();
      const fill = (from, items) => {
        items.forEach((svg, i) => {
          const li = gallery.children[from + i];
          if (li && !li.dataset.loaded) {
            li.innerHTML = svg;
            li.dataset.loaded = "1";
          }
        });
      };
      const load = async (from) => {
        if (loaded.has(from)) return;
        loaded.add(from);
        const q = new URLSearchParams({ board: s.board, to: "end", gallery: from });
        try {
          const r = await fetch(`/api/learn/tiling?${q}`);
          if (!r.ok) throw new Error(`HTTP ${r.status}`);
          const page = await r.json();
          fill(from, page.result.gallery.items);
        } catch {
          // Refused (the rate limit) or lost: asked again while it is still wanted.
          setTimeout(() => {
            loaded.delete(from);
            const li = gallery.children[from];
            if (li && !li.dataset.loaded && li.getBoundingClientRect().top < innerHeight + 400) load(from);
          }, 2000);
        }
      };
      const seen = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const k = Number(entry.target.dataset.k);
          load(k - (k % page));
        }
      }, { rootMargin: "400px" });
      for (let k = 0; k < count; k++) {
        const li = el("li", { className: "tile" });
        li.dataset.k = String(k);
        li.setAttribute("aria-label", `Tiling ${k + 1} of ${count}`);
        li.style.setProperty("aspect-ratio", `${s.setup.width * 24 + 24} / ${s.setup.height * 24 + 24}`);
        gallery.append(li);
        seen.observe(li);
      }
      fill(0, json.result.gallery.items);
      loaded.add(0);
      root.append(gallery);
    }

    return {
      title: kind === "queens" ? "N-queens as exact cover" : "Pentominoes as exact cover",
      params, setup, apply, describe, render, result,
    };
  }

  window.Learn.register("queens", makeView("queens"));
  window.Learn.register("tiling", makeView("tiling"));
})();
