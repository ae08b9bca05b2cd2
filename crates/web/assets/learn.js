// Tessera Learn: the shell of /learn (docs/learn.md). A classic script (loaded with `defer`
// before the views), so that each view file can call `Learn.register` as it loads.
//
// THE VIEW INTERFACE (issue 30, protocol section 3). A view is one file learn-NAME.js with
//
//   Learn.register("NAME", {
//     title: "Algorithm X",                      // shown in the view picker
//     params(form, search) -> {key: value},       // fill `form` (a <div> in the page's GET form)
//                                                 // with inputs named as the API's keys, their values
//                                                 // from `search` (the page's URLSearchParams); return
//                                                 // the API query for the current page
//     setup(root, setup),                         // draw from scratch into `root` (#learn-stage) from the
//                                                 // API's static `setup`; also called to reset
//     apply(event),                               // take one event into the view's state (no drawing:
//                                                 // a step back replays every event from the start)
//     undo(event)?,                               // optional, unused by this shell (it replays)
//     describe(event) -> string,                  // the words for #learn-say, after apply(event)
//     render(),                                   // draw the state
//     result(json, root),                         // show a `to=end` answer in `root` (#learn-result)
//     isSolution(event)?, isDeadEnd(event)?,      // optional; default: "solution" and a dead-end
//                                                 // "backtrack"
//   });
//
// The shell fetches GET /api/learn/NAME?<params>&from=K&limit=500 as the user steps (the setup
// comes with from=0), keeps the events, and moves the counters (elements [data-counter]) to each
// event's nodes, updates and solutions. Step back resets the view and replays to the step
// before. "To the end" asks for &to=end (a 503 while the server counts an example for the first
// time is asked again after its Retry-After).
(function () {
  "use strict";
  const views = new Map();
  const PAGE = 500;
  const $ = (id) => document.getElementById(id);

  const Learn = {
    register(name, view) {
      views.set(name, view);
    },
    views,
  };
  window.Learn = Learn;

  // The trace as fetched so far.
  const t = {
    name: null, view: null, query: null, setup: null, events: [], pos: 0,
    next: 0, done: false, outcome: null, reason: null, final: null, playing: null, busy: false,
  };

  function apiUrl(extra) {
    const q = new URLSearchParams(t.query);
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    return `/api/learn/${t.name}?${q}`;
  }

  async function getJson(url) {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(url, { headers: { accept: "application/json" } });
      const json = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
      if (response.status === 503 && attempt < 15) {
        status("busy", json.error || "The server is busy; trying again…");
        const wait = Number(response.headers.get("retry-after") || 2);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      if (!response.ok) throw new Error(json.error || `HTTP ${response.status}`);
      return json;
    }
  }

  function status(state, text) {
    const el = $("learn-status");
    el.dataset.state = state;
    el.textContent = text;
  }

  // Fetches the next page of events; false when there is none.
  async function more() {
    if (t.done || t.next === null) return false;
    const json = await getJson(apiUrl({ from: t.next, limit: PAGE }));
    if (json.setup && !t.setup) {
      t.setup = json.setup;
      t.view.setup($("learn-stage"), t.setup);
    }
    t.events.push(...json.events);
    t.next = json.next;
    t.done = json.done;
    t.outcome = json.outcome;
    t.reason = json.reason;
    t.final = json.final;
    showState();
    return json.events.length > 0;
  }

  function showState() {
    if (t.done) status("done", `The search is over: ${t.events.length} steps.`);
    else if (t.outcome === "gave_up") {
      const why = { steps: "20,000 steps", time: "its time", nodes: "its nodes" }[t.reason] || t.reason;
      status("gave_up", `The trace stops here (a request may trace at most ${why}); “To the end” counts the rest.`);
    } else status("running", `${t.events.length} steps loaded.`);
  }

  function counters(ev) {
    for (const key of ["nodes", "updates", "solutions"]) {
      const value = ev ? ev[key] : 0;
      for (const el of document.querySelectorAll(`[data-counter="${key}"]`)) el.textContent = String(value ?? 0);
    }
    $("learn-stepno").textContent = String(t.pos);
  }

  function say(text, ev) {
    const el = $("learn-say");
    el.textContent = text;
    el.dataset.event = ev ? ev.event : "";
    el.dataset.step = String(t.pos);
  }

  function controls() {
    const atEnd = t.pos >= t.events.length && (t.done || t.next === null);
    for (const id of ["learn-step", "learn-solution", "learn-deadend", "learn-play"]) $(id).disabled = atEnd && !t.playing;
    $("learn-back").disabled = t.pos === 0;
    $("learn-reset").disabled = t.pos === 0;
  }

  // Applies events until `stop(event)` is true or `count` events have been applied.
  async function advance(count, stop) {
    if (t.busy) return;
    t.busy = true;
    try {
      let last = null;
      for (let n = 0; n < count; n++) {
        if (t.pos >= t.events.length && !(await more())) break;
        last = t.events[t.pos];
        t.view.apply(last);
        t.pos++;
        if (stop && stop(last)) break;
      }
      if (last) {
        t.view.render();
        counters(last);
        say(t.view.describe(last), last);
      } else if (t.pos >= t.events.length) {
        say(t.done ? "The search is over." : "No more steps here.", null);
        stopPlay();
      }
    } catch (err) {
      status("error", `Could not load the search: ${err.message}`);
      stopPlay();
    } finally {
      t.busy = false;
      controls();
    }
  }

  function replayTo(k) {
    t.view.setup($("learn-stage"), t.setup);
    for (let i = 0; i < k; i++) t.view.apply(t.events[i]);
    t.pos = k;
    t.view.render();
    const ev = k > 0 ? t.events[k - 1] : null;
    counters(ev);
    say(ev ? `Back to step ${k}: ${t.view.describe(ev)}` : "At the start.", ev);
    controls();
  }

  const isSolution = (ev) => (t.view.isSolution ? t.view.isSolution(ev) : ev.event === "solution");
  const isDeadEnd = (ev) => (t.view.isDeadEnd ? t.view.isDeadEnd(ev) : ev.event === "backtrack" && ev.dead_end);

  function stopPlay() {
    if (t.playing) clearInterval(t.playing);
    t.playing = null;
    const play = $("learn-play");
    play.setAttribute("aria-pressed", "false");
    play.textContent = "Play";
  }

  function togglePlay() {
    if (t.playing) return stopPlay();
    const speed = Number($("learn-speed").value);
    t.playing = setInterval(() => advance(1), 1000 / speed);
    const play = $("learn-play");
    play.setAttribute("aria-pressed", "true");
    play.textContent = "Pause";
  }

  async function toEnd() {
    stopPlay();
    const root = $("learn-result");
    root.hidden = false;
    root.textContent = "Counting to the end…";
    try {
      const json = await getJson(apiUrl({ to: "end" }));
      if (!t.setup && json.setup) {
        t.setup = json.setup;
        t.view.setup($("learn-stage"), t.setup);
      }
      root.textContent = "";
      if (json.final) counters(json.final);
      if (json.outcome === "gave_up") {
        status("gave_up", `The count gave up (${json.reason}): the server spends at most 2 s on a typed problem.`);
      } else status("end", `Counted to the end: ${json.final.solutions} solutions, ${json.final.nodes} nodes.`);
      say(`To the end: ${json.final ? json.final.solutions : "?"} solutions.`, { event: "end" });
      t.view.result(json, root);
    } catch (err) {
      root.textContent = `Could not count to the end: ${err.message}`;
    }
  }

  function reset() {
    stopPlay();
    if (t.setup) replayTo(0);
    $("learn-result").hidden = true;
  }

  function keys(event) {
    const tag = event.target.tagName;
    if (["INPUT", "TEXTAREA", "SELECT"].includes(tag) || event.ctrlKey || event.metaKey || event.altKey) return;
    const act = {
      ArrowRight: () => advance(1), ".": () => advance(1),
      ArrowLeft: () => back(), ",": () => back(),
      " ": () => togglePlay(), s: () => advance(Infinity, isSolution), d: () => advance(Infinity, isDeadEnd),
      End: () => toEnd(), Home: () => reset(),
    }[event.key];
    if (!act) return;
    if (event.key === " " && tag === "BUTTON") return; // a focused button takes its own space
    event.preventDefault();
    act();
  }

  function back() {
    stopPlay();
    if (t.pos > 0 && !t.busy) replayTo(t.pos - 1);
  }

  async function start() {
    const search = new URLSearchParams(location.search);
    const select = $("learn-view-select");
    for (const [name, view] of views) select.append(new Option(view.title, name));
    t.name = views.has(search.get("view")) ? search.get("view") : "xc";
    t.view = views.get(t.name);
    select.value = t.name;
    select.addEventListener("change", () => {
      location.href = `/learn?view=${encodeURIComponent(select.value)}`;
    });
    t.query = t.view.params($("learn-params"), search);
    $("learn-form").addEventListener("submit", (e) => {
      // Empty and disabled fields are left out of the address (one problem at a time).
      e.preventDefault();
      const q = new URLSearchParams();
      for (const [k, v] of new FormData(e.target)) if (v !== "") q.set(k, v);
      location.href = `/learn?${q}`;
    });
    $("learn-title").textContent = t.view.title;
    document.title = `Learn: ${t.view.title}: Tessera`;
    $("learn-pick-summary").textContent = "Change what to watch";
    $("learn-step").addEventListener("click", () => advance(1));
    $("learn-back").addEventListener("click", back);
    $("learn-play").addEventListener("click", togglePlay);
    $("learn-solution").addEventListener("click", () => advance(Infinity, isSolution));
    $("learn-deadend").addEventListener("click", () => advance(Infinity, isDeadEnd));
    $("learn-end").addEventListener("click", toEnd);
    $("learn-reset").addEventListener("click", reset);
    $("learn-speed").addEventListener("input", (e) => {
      e.target.setAttribute("aria-valuetext", `${e.target.value} steps a second`);
      if (t.playing) {
        stopPlay();
        togglePlay();
      }
    });
    document.addEventListener("keydown", keys);
    controls();
    try {
      await more();
      t.view.render();
      counters(null);
    } catch (err) {
      // A mistake in the problem (a typed one names its line and column): shown by the form.
      status("error", `Could not load the search: ${err.message}`);
      $("learn-pick").open = true;
    }
    controls();
    if (search.get("to") === "end") await toEnd();
  }

  document.addEventListener("DOMContentLoaded", start);
})();
