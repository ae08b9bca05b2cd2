// The Learn view's Hidato lesson: the board, the path drawn as a line through the numbers placed
// so far (1, 2, ... up to the head), growing as the search places a number and retreating as it
// takes one back; the latest dead end marked (a cross on the cell the prune ruled out, a ring on
// a head with nowhere to go) and said in words. Events come from GET /api/learn/hidato (the
// server's `learn/hidato.rs`, the library's `hidato::trace`); the shell (learn.js) pages them,
// steps, plays and keeps the counters. Drawn in SVG of its own rather than with the game's
// board-hidato.js, which is an ES module bound to a game in play (its state, edits, input).
(function () {
  'use strict';
  const SVG = 'http://www.w3.org/2000/svg';
  const CELL = 40;

  const view = {
    title: 'Hidato: the path growing and retreating',
    board: null, // {width, height, cells (current), givens, size, adjacency}
    path: [], // the cell of 1, 2, ... as the search placed them
    mark: null, // the latest dead end: {cell, head, reason}
    solved: false,
    deadEnds: 0,
    root: null,
    svg: null,
    caption: null,

    /** The query of the API from the form (built here the first time it is seen empty), or
     * from a URLSearchParams-like source, or from the page's URL. */
    params(form) {
      const isElement = !!form && typeof form.querySelector === 'function';
      const source = !isElement && form && typeof form.get === 'function'
        ? form : new URLSearchParams(window.location.search);
      if (isElement && !form.querySelector('[name="example"]')) buildForm(form, source);
      const get = (name) => {
        const field = isElement ? form.querySelector(`[name="${name}"]`) : null;
        if (field && field.type === 'checkbox') return field.checked ? 'on' : 'off';
        return field ? field.value : source.get(name);
      };
      const params = {};
      const puzzle = (get('puzzle') || '').trim();
      if (puzzle) params.puzzle = puzzle;
      else params.example = get('example') || 'small';
      const prune = get('prune');
      if (prune) params.prune = prune;
      const adjacency = get('adjacency');
      if (adjacency) params.adjacency = adjacency;
      return params;
    },

    setup(root, setup) {
      this.root = root;
      const cells = setup.cells.slice();
      this.board = {
        width: setup.width,
        height: setup.height,
        cells,
        givens: cells.map((v) => v > 0),
        size: setup.size,
        adjacency: setup.adjacency,
      };
      this.path = [];
      this.mark = null;
      this.solved = false;
      this.deadEnds = 0;
      root.replaceChildren();
      const figure = document.createElement('figure');
      figure.className = 'learn-hidato';
      this.svg = document.createElementNS(SVG, 'svg');
      this.svg.setAttribute('viewBox', `0 0 ${setup.width * CELL} ${setup.height * CELL}`);
      this.svg.setAttribute('role', 'img');
      this.svg.style.width = '100%';
      // Wide enough to read, never taller than most of the screen.
      const tall = Math.round((70 * setup.width) / setup.height);
      this.svg.style.maxWidth = `min(${Math.max(240, setup.width * 56)}px, ${tall}vh)`;
      this.svg.style.height = 'auto';
      this.svg.style.display = 'block';
      this.caption = document.createElement('figcaption');
      this.caption.className = 'learn-hidato-caption';
      const rule = document.createElement('p');
      rule.className = 'learn-hidato-rule';
      rule.textContent = `Fill 1 to ${setup.size} so that consecutive numbers touch`
        + (setup.adjacency === 'numbrix' ? ' side by side' : ', diagonals included')
        + '. The search extends the path from 1: the next number goes on a free neighbour of'
        + ' the last one (or the path jumps onto it, if it is given); when no cell is left it'
        + ' takes the last number back and tries the next cell.'
        + (setup.prune ? ' Prunes: a cell too far from the next given, or one that would cut'
          + ' off a free cell, is ruled out before it is tried.' : ' No prunes: the seed\'s plain search.');
      figure.append(this.svg, this.caption);
      root.append(rule, figure);
      this.render();
    },

    apply(event) {
      const b = this.board;
      const cell = event.row !== undefined ? event.row * b.width + event.col : -1;
      switch (event.event) {
        case 'place':
          this.path.push(cell);
          if (!event.given) b.cells[cell] = event.number;
          this.mark = null;
          this.solved = false;
          break;
        case 'unplace':
          this.path.pop();
          if (!event.given) b.cells[cell] = 0;
          this.mark = null;
          this.solved = false;
          break;
        case 'dead_end':
          this.deadEnds += 1;
          this.mark = {
            cell,
            head: this.path[this.path.length - 1],
            target: event.target ? event.target.row * b.width + event.target.col : -1,
          };
          break;
        case 'solution':
          this.solved = true;
          this.mark = null;
          break;
        default:
          break;
      }
    },

    undo(event) {
      const b = this.board;
      const cell = event.row !== undefined ? event.row * b.width + event.col : -1;
      switch (event.event) {
        case 'place':
          this.path.pop();
          if (!event.given) b.cells[cell] = 0;
          break;
        case 'unplace':
          this.path.push(cell);
          if (!event.given) b.cells[cell] = event.number;
          break;
        case 'dead_end':
          this.deadEnds -= 1;
          break;
        case 'solution':
          this.solved = false;
          break;
        default:
          break;
      }
      this.mark = null;
    },

    describe(event) {
      const at = (e) => `row ${e.row + 1}, column ${e.col + 1}`;
      switch (event.event) {
        case 'place':
          return event.given
            ? `The path reaches the given ${event.number} at ${at(event)}.`
            : `Place ${event.number} at ${at(event)}.`;
        case 'unplace':
          return event.given
            ? `Back off the given ${event.number} at ${at(event)}.`
            : `Take ${event.number} back from ${at(event)}.`;
        case 'dead_end':
          return `Dead end for ${event.number}: ${event.reason}.`;
        case 'solution':
          return `Solution number ${event.solutions}: the path runs from 1 to ${this.board ? this.board.size : 'the end'}.`;
        default:
          return '';
      }
    },

    render() {
      const b = this.board;
      if (!b || !this.svg) return;
      const svg = this.svg;
      svg.replaceChildren();
      const centre = (cell) => [(cell % b.width) * CELL + CELL / 2, Math.floor(cell / b.width) * CELL + CELL / 2];
      const headCell = this.path[this.path.length - 1];
      for (let cell = 0; cell < b.cells.length; cell++) {
        const v = b.cells[cell];
        if (v < 0) continue;
        const rect = el('rect', {
          x: (cell % b.width) * CELL + 1, y: Math.floor(cell / b.width) * CELL + 1,
          width: CELL - 2, height: CELL - 2, rx: 4,
          fill: cell === headCell ? 'var(--sel, #c9defc)' : 'var(--surface, #fff)',
          stroke: 'var(--border, #8a9099)', 'stroke-width': 1,
        });
        svg.appendChild(rect);
      }
      if (this.path.length > 1) {
        const points = this.path.map((c) => centre(c).join(',')).join(' ');
        svg.appendChild(el('polyline', {
          points, fill: 'none', 'stroke-linejoin': 'round', 'stroke-linecap': 'round',
          stroke: this.solved ? 'var(--same-ring, #2f7d46)' : 'var(--entry, #1d4ed8)',
          'stroke-width': 6, opacity: 0.35,
        }));
      }
      for (let cell = 0; cell < b.cells.length; cell++) {
        const v = b.cells[cell];
        if (v <= 0) continue;
        const [x, y] = centre(cell);
        const text = el('text', {
          x, y: y + 1, 'text-anchor': 'middle', 'dominant-baseline': 'middle',
          'font-size': v >= 100 ? 13 : 16, 'font-weight': b.givens[cell] ? 700 : 400,
          fill: b.givens[cell] ? 'var(--given, #111)' : 'var(--entry, #1d4ed8)',
        });
        text.textContent = String(v);
        svg.appendChild(text);
      }
      if (this.mark) {
        const ring = this.mark.cell >= 0 ? this.mark.cell : this.mark.head;
        if (ring !== undefined) {
          const [x, y] = centre(ring);
          const colour = 'var(--error, #a30f0f)';
          if (this.mark.cell >= 0) {
            const d = CELL / 3;
            svg.appendChild(el('path', {
              d: `M${x - d},${y - d}L${x + d},${y + d}M${x + d},${y - d}L${x - d},${y + d}`,
              stroke: colour, 'stroke-width': 3, 'stroke-linecap': 'round',
            }));
          } else {
            svg.appendChild(el('circle', { cx: x, cy: y, r: CELL / 2 - 3, fill: 'none', stroke: colour, 'stroke-width': 3 }));
          }
          if (this.mark.target >= 0) {
            // What rules the cell out: the given out of reach, or the free cell it would strand.
            const [tx, ty] = centre(this.mark.target);
            svg.appendChild(el('circle', {
              cx: tx, cy: ty, r: CELL / 2 - 3, fill: 'none', stroke: colour, 'stroke-width': 2, 'stroke-dasharray': '4 3',
            }));
          }
        }
      }
      const k = this.path.length;
      const head = k ? ` Head: ${k} at row ${Math.floor(headCell / b.width) + 1}, column ${(headCell % b.width) + 1}.` : '';
      const words = (k ? `The path holds 1 to ${k} of ${b.size}.` : 'The path is empty.')
        + head + (this.solved ? ' Solved.' : '') + ` Dead ends so far: ${this.deadEnds}.`;
      svg.setAttribute('aria-label', words);
      this.caption.textContent = words;
    },

    /** `to=end`: the count and the first solution drawn. */
    result(answer) {
      // The whole `to=end` answer, or its `result` alone.
      const res = answer && (answer.result || (answer.solutions !== undefined ? answer : null));
      if (!res || !this.board) return;
      const b = this.board;
      if (res.solution) {
        b.cells = res.solution.slice();
        const order = [];
        res.solution.forEach((v, cell) => { if (v > 0) order[v - 1] = cell; });
        this.path = order;
        this.solved = true;
      }
      this.mark = null;
      this.render();
      const how = { exhausted: 'all of them', limit: 'stopped at the limit', gave_up: 'gave up: budget spent' }[answer.outcome];
      this.caption.textContent = `${res.solutions} solution${res.solutions === 1 ? '' : 's'}${how ? ` (${how})` : ''}.`
        + (res.solution ? ' The first is drawn.' : '');
    },
  };

  function el(name, attrs) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  }

  /** The lesson's choices: a built-in board or one's own (the game's text forms), prunes. */
  function buildForm(form, url) {
    const label = (text, control) => {
      const l = document.createElement('label');
      l.append(text, ' ', control);
      return l;
    };
    const example = document.createElement('select');
    example.name = 'example';
    for (const [value, text] of [['small', 'Small 5x5'], ['seed', 'The seed\'s 10x10'], ['open', 'Empty 5x5 (many paths)']]) {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = text;
      example.appendChild(option);
    }
    example.value = url.get('example') || 'small';
    const puzzle = document.createElement('textarea');
    puzzle.name = 'puzzle';
    puzzle.rows = 3;
    puzzle.placeholder = 'or your own: 3x3:1,0,0/0,0,0/0,0,9 or the seed\'s text format';
    puzzle.value = url.get('puzzle') || '';
    puzzle.setAttribute('aria-label', 'Your own Hidato (overrides the example)');
    puzzle.style.width = '100%';
    puzzle.style.boxSizing = 'border-box';
    const prune = document.createElement('input');
    prune.type = 'checkbox';
    prune.name = 'prune';
    prune.checked = url.get('prune') !== 'off';
    const adjacency = document.createElement('select');
    adjacency.name = 'adjacency';
    for (const [value, text] of [['hidato', 'Hidato (8 neighbours)'], ['numbrix', 'Numbrix (4)']]) {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = text;
      adjacency.appendChild(option);
    }
    adjacency.value = url.get('adjacency') === 'numbrix' ? 'numbrix' : 'hidato';
    form.append(
      label('Board', example),
      puzzle,
      label('Rules', adjacency),
      label('Prune (distance to the next given, stranded cells)', prune),
    );
  }

  function register() { window.Learn.register('hidato', view); }
  if (window.Learn) register();
  else document.addEventListener('DOMContentLoaded', register);
}());
