// The game clock shown as hh:mm:ss: the server's time is the truth; between its answers the
// page counts on from the last value it gave (state.clock), so the display never waits for
// the network.
import { hms } from './api.js';
import { $, state } from './state.js';

/** Seconds played now. */
export function seconds() {
  const clock = state.clock;
  return clock.base + (clock.running ? (performance.now() - clock.at) / 1000 : 0);
}

/** Sets the time played to `base` seconds, counting on if `running`. */
export function setClock(base, running) {
  const clock = state.clock;
  clock.base = base;
  clock.at = performance.now();
  clock.running = running;
  tick();
}

function tick() { $('timer').textContent = hms(seconds()); }

/** Refreshes the display four times a second, for the page's life. */
export function startTimer() {
  setInterval(tick, 250);
}
