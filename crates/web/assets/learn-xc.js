// Tessera Learn, view "xc": Algorithm X with dancing links on the 0/1 matrix (docs/learn.md).
// Rows are options (by label), columns items; a covered item's column and the rows it removes
// are greyed, and come back when it is uncovered; the column chosen is marked, with why (its
// live options are the fewest: every primary item's count is listed); the option tried is
// marked; the search tree grows beside the matrix (× a dead end, ✓ a solution).
// Test hooks: #xc-matrix (th[data-item], th.chosen; tr[data-option], .gone, .tried), #xc-why,
// #xc-tree (svg), #xc-solutions (li: a solution's labels, "A, D, E").
(function () {
  "use strict";
  const SEED = "seed";
  const MAX_TEXT = 16 * 1024;
  const MAX_MATRIX = 4000; // cells drawn, at most (options × items)
  const MAX_TREE = 400; // tree nodes drawn, at most
  const svgNs = "http://www.w3.org/2000/svg";
  const el = (tag, props = {}, ...kids) => {
    const e = document.createElement(tag);
    Object.assign(e, props);
    e.append(...kids);
    return e;
  };

  const s = {};

  function fresh(setup) {
    s.setup = setup;
    s.index = new Map(setup.items.map((item, i) => [item.name, i]));
    s.covered = new Set();
    s.levelItem = [];
    s.path = []; // options tried, by level
    s.current = null; // the event last applied
    s.solutions = [];
    s.root = { label: "start", children: [], mark: null };
    s.nodes = [s.root];
    s.pathNodes = [];
  }

  // An option is removed while one of its items is covered, unless it is on the path.
  function removed(o) {
    if (s.path.includes(o)) return false;
    return s.setup.options[o].items.some((name) => s.covered.has(name));
  }

  // Live options of each uncovered primary item, as the choice sees them.
  function counts() {
    const out = [];
    for (const item of s.setup.items) {
      if (!item.primary || s.covered.has(item.name)) continue;
      let n = 0;
      s.setup.options.forEach((o, i) => {
        if (o.items.includes(item.name) && !removed(i)) n++;
      });
      out.push([item.name, n]);
    }
    return out;
  }

  const label = (o) => s.setup.options[o].label;

  function params(form, search) {
    const typed = search.get("problem");
    const example = typed ? null : search.get("example") || SEED;
    const area = el("textarea", {
      id: "xc-problem", name: "problem", rows: 6, maxLength: MAX_TEXT, spellcheck: false,
      value: typed || "",
      placeholder: "1 2 3 4 5 6 7\n3 5 6\n1 4 7\n…",
    });
    area.dataset.testid = "xc-problem";
    const pick = el("select", { id: "xc-example", name: "example" }, el("option", { value: "seed", textContent: "Knuth's seven items (A..F)" }), el("option", { value: "", textContent: "My own problem (below)" }));
    pick.value = example ? SEED : "";
    const sync = () => {
      area.disabled = pick.value !== "";
    };
    pick.addEventListener("change", sync);
    sync();
    form.append(
      el("label", {}, "Problem ", pick),
      el("label", { className: "xc-typed" }, "Knuth's format: the items on the first line (secondary after a |), then one option a line (at most 16 KB)", area),
    );
    return typed ? { problem: typed } : { example: example || SEED };
  }

  function setup(root, setup) {
    fresh(setup);
    root.textContent = "";
    const big = setup.options.length * setup.items.length > MAX_MATRIX;
    const matrix = el("div", { className: "xc-matrix-wrap" });
    if (big) {
      matrix.append(el("p", { className: "muted", textContent: `The matrix (${setup.options.length} options × ${setup.items.length} items) is too large to draw; the tree and the words follow the search.` }));
    } else {
      const table = el("table", { id: "xc-matrix", className: "xc-matrix" });
      table.append(el("caption", { textContent: "Options (rows) and items (columns)" }));
      const head = el("tr", {}, el("th", { scope: "col", textContent: "option" }));
      for (const item of setup.items) {
        const th = el("th", { scope: "col", textContent: item.name });
        th.dataset.item = item.name;
        if (!item.primary) th.classList.add("secondary");
        head.append(th);
      }
      table.append(el("thead", {}, head));
      const body = el("tbody");
      setup.options.forEach((option, o) => {
        const tr = el("tr", {}, el("th", { scope: "row", textContent: option.label }));
        tr.dataset.option = String(o);
        for (const item of setup.items) {
          const has = option.items.includes(item.name);
          const td = el("td", { textContent: has ? "1" : "" });
          td.dataset.item = item.name;
          if (has) td.classList.add("one");
          tr.append(td);
        }
        body.append(tr);
      });
      table.append(body);
      matrix.append(table);
    }
    const why = el("p", { id: "xc-why", className: "xc-why" });
    const tree = el("div", { id: "xc-tree", className: "xc-tree", role: "img", ariaLabel: "The search tree" });
    const sols = el("ol", { id: "xc-solutions", className: "xc-solutions" });
    root.append(
      el("div", { className: "xc-grid" }, el("div", {}, matrix, why), el("div", {}, el("h3", { textContent: "Search tree" }), tree)),
      el("h3", { textContent: "Solutions" }),
      sols,
    );
  }

  function apply(ev) {
    s.current = ev;
    switch (ev.event) {
      case "choose":
        s.levelItem[ev.level] = ev.item;
        s.levelItem.length = ev.level + 1;
        if (ev.options.length === 0) (ev.level === 0 ? s.root : s.pathNodes[ev.level - 1]).mark = "×";
        break;
      case "cover":
        s.covered.add(ev.item);
        break;
      case "uncover":
        s.covered.delete(ev.item);
        break;
      case "try": {
        s.path.length = ev.level;
        s.path.push(ev.option);
        const parent = ev.level === 0 ? s.root : s.pathNodes[ev.level - 1];
        const node = { label: label(ev.option), children: [], mark: null };
        parent.children.push(node);
        s.nodes.push(node);
        s.pathNodes.length = ev.level;
        s.pathNodes.push(node);
        break;
      }
      case "backtrack":
        s.path.length = ev.level;
        s.pathNodes.length = ev.level;
        break;
      case "solution": {
        s.solutions.push(ev.options.map(label));
        const last = s.pathNodes[s.pathNodes.length - 1] || s.root;
        last.mark = "✓";
        break;
      }
    }
  }

  function describe(ev) {
    switch (ev.event) {
      case "choose": {
        const list = counts().map(([name, n]) => `${name}: ${n}`).join(", ");
        if (ev.options.length === 0) return `Level ${ev.level}: item ${ev.item} has no option left: a dead end (${list}).`;
        return `Level ${ev.level}: choose item ${ev.item}, which has the fewest options (${ev.options.length}: ${ev.options.map(label).join(", ")}). Options per item: ${list}.`;
      }
      case "cover":
        return `Cover item ${ev.item}: its column and every other option that holds it are unlinked.`;
      case "uncover":
        return `Uncover item ${ev.item}: its column and its options are linked back.`;
      case "try":
        return `Level ${ev.level}: try option ${label(ev.option)} (${ev.items.join(" ")}).`;
      case "backtrack":
        return ev.dead_end ? `Level ${ev.level}: dead end, back up.` : `Level ${ev.level}: no option left, back up.`;
      case "solution":
        return `Solution: ${ev.options.map(label).join(", ")}.`;
      default:
        return ev.event;
    }
  }

  function render() {
    const table = document.getElementById("xc-matrix");
    const ev = s.current;
    const chosen = s.levelItem[s.levelItem.length - 1];
    if (table) {
      for (const th of table.querySelectorAll("thead th[data-item]")) {
        th.classList.toggle("covered", s.covered.has(th.dataset.item));
        th.classList.toggle("chosen", th.dataset.item === chosen && ev && ev.event !== "solution");
      }
      for (const tr of table.querySelectorAll("tbody tr")) {
        const o = Number(tr.dataset.option);
        tr.classList.toggle("gone", removed(o));
        tr.classList.toggle("tried", s.path.includes(o));
        tr.classList.toggle("current", ev && ev.event === "try" && ev.option === o);
        for (const td of tr.querySelectorAll("td")) td.classList.toggle("covered", s.covered.has(td.dataset.item));
      }
    }
    const why = document.getElementById("xc-why");
    if (why) {
      why.textContent = ev && ev.event === "choose"
        ? `Why ${ev.item}? Live options per item: ${counts().map(([n, c]) => `${n}=${c}`).join(" ")}; ${ev.item} has the fewest (${ev.options.length}, the first of ties).`
        : `Path: ${s.path.map(label).join(", ") || "(empty)"}`;
    }
    drawTree();
    const sols = document.getElementById("xc-solutions");
    if (sols && sols.children.length !== s.solutions.length) {
      sols.textContent = "";
      for (const sol of s.solutions.slice(0, 100)) sols.append(el("li", { textContent: sol.join(", ") }));
    }
  }

  // A tidy tree: leaves left to right in the order found, a parent over its children.
  function drawTree() {
    const box = document.getElementById("xc-tree");
    if (!box) return;
    const W = 40, H = 44;
    let leaves = 0, depth = 0, drawn = 0;
    const place = (node, d) => {
      drawn++;
      node.d = d;
      depth = Math.max(depth, d);
      const kids = drawn < MAX_TREE ? node.children : [];
      node.shown = kids.length;
      if (kids.length === 0) node.x = leaves++;
      else {
        kids.forEach((k) => place(k, d + 1));
        node.x = (kids[0].x + kids[kids.length - 1].x) / 2;
      }
    };
    place(s.root, 0);
    const svg = document.createElementNS(svgNs, "svg");
    const width = Math.max(1, leaves) * W + 24, height = (depth + 1) * H;
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    const onPath = new Set(s.pathNodes);
    const add = (tag, attrs, text) => {
      const e = document.createElementNS(svgNs, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
      if (text !== undefined) e.textContent = text;
      svg.append(e);
      return e;
    };
    const walk = (node) => {
      const cx = node.x * W + W / 2, cy = node.d * H + 16;
      node.children.slice(0, node.shown).forEach((k) => {
        add("line", { x1: cx, y1: cy, x2: k.x * W + W / 2, y2: k.d * H + 16, class: "edge" });
        walk(k);
      });
      const cls = ["node", onPath.has(node) ? "on-path" : "", node.mark === "×" ? "dead" : "", node.mark === "✓" ? "found" : ""].join(" ");
      add("circle", { cx, cy, r: 12, class: cls });
      add("text", { x: cx, y: cy + 4, class: "label" }, node === s.root ? "·" : node.label);
      if (node.mark) add("text", { x: cx + 13, y: cy - 6, class: node.mark === "×" ? "mark dead" : "mark found" }, node.mark);
    };
    walk(s.root);
    box.textContent = "";
    box.append(svg);
    box.setAttribute("aria-label", `The search tree: ${s.nodes.length - 1} options tried, ${s.solutions.length} solutions`);
  }

  function result(json, root) {
    const sols = (json.result && json.result.solutions) || [];
    root.append(
      el("h3", { textContent: "To the end" }),
      el("p", { textContent: `${json.final ? json.final.solutions : "?"} solutions, ${json.final ? json.final.nodes : "?"} nodes, ${json.final ? json.final.updates : "?"} updates (Knuth's DLX1).` }),
    );
    const list = el("ol", { id: "xc-end-solutions" });
    for (const sol of sols) list.append(el("li", { textContent: sol.join(", ") }));
    root.append(list);
  }

  window.Learn.register("xc", { title: "Algorithm X (exact cover)", params, setup, apply, describe, render, result });
})();
