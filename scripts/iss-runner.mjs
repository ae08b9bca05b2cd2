#!/usr/bin/env node
// iss-runner.mjs — time Interactive Sudoku Solver (ISS, github sigh/Interactive-Sudoku-Solver,
// MIT) on puzzles given as ISS constraint strings. Contains none of ISS's code: it imports
// ISS's modules from a checkout named by the environment variable ISS_DIR.
//
//   ISS_DIR=/work/peers/iss node scripts/iss-runner.mjs [--timeout-ms 120000] [--limit 2] < in.tsv
//
// Input: lines `name<TAB>ISS-string` (empty lines and lines starting with '#' are skipped;
// a line without a tab is taken as an unnamed ISS string).
// Output (stdout, TSV, one line per puzzle, flushed as it goes):
//   name  solutions  count_ms  first_ms  build_ms
//     solutions  solutions found, counting stops at --limit (default 2); `timeout` when the
//                search passed --timeout-ms (default 120000); `error` when ISS cannot read or
//                build the puzzle (the message goes to stderr)
//     count_ms   wall ms (performance.now, in-process) of the search counting to the limit,
//                or the time spent until the timeout fired
//     first_ms   wall ms from the start of that same search to the first solution, `-` if none
//     build_ms   wall ms to parse the string and build the solver (done once per puzzle,
//                not included in count_ms or first_ms)
// This is the path of ISS's tools/perf/benchmark_puzzles.js (SudokuParser.parseText,
// SudokuBuilder.resolveConstraint, SudokuBuilder.build, then the internal solver's run with
// { maxSolutions }), without a backtrack cap; the timeout is a progress callback that the
// engine calls every 2^10 search iterations and that aborts the search by throwing.

import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const ISS_DIR = process.env.ISS_DIR;
if (!ISS_DIR) {
  console.error('iss-runner: set ISS_DIR to a checkout of sigh/Interactive-Sudoku-Solver');
  process.exit(2);
}

let timeoutMs = 120000;
let limit = 2;
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--timeout-ms') timeoutMs = Number(process.argv[++i]);
  else if (a === '--limit') limit = Number(process.argv[++i]);
  else { console.error(`iss-runner: unknown argument ${a}`); process.exit(2); }
}

const issUrl = (p) => pathToFileURL(join(resolve(ISS_DIR), p)).href;

// ISS's modules expect a browser-ish global (self, VERSION_PARAM); its own test helper sets it.
const { ensureGlobalEnvironment } = await import(issUrl('tests/helpers/test_env.js'));
ensureGlobalEnvironment();
const { SudokuParser } = await import(issUrl('js/sudoku_parser.js') + self.VERSION_PARAM);
const { SudokuBuilder } = await import(issUrl('js/solver/sudoku_builder.js') + self.VERSION_PARAM);

class Timeout extends Error {}

const runOne = (input) => {
  const t0 = performance.now();
  const constraint = SudokuParser.parseText(input);
  const resolved = SudokuBuilder.resolveConstraint(constraint);
  const solver = SudokuBuilder.build(resolved);
  const internal = solver._internalSolver;
  const buildMs = performance.now() - t0;

  let deadline = 0;
  internal.setProgressCallback(() => {
    if (performance.now() > deadline) throw new Timeout();
  }, 10);

  let firstMs = null;
  let timedOut = false;
  const start = performance.now();
  deadline = start + timeoutMs;
  try {
    internal.run({ maxSolutions: limit }, () => {
      if (firstMs === null) firstMs = performance.now() - start;
    });
  } catch (e) {
    if (!(e instanceof Timeout)) throw e;
    timedOut = true;
  }
  const countMs = performance.now() - start;
  return {
    solutions: timedOut ? 'timeout' : String(internal.counters.solutions),
    countMs, firstMs, buildMs,
  };
};

const fmt = (x) => (x === null ? '-' : x.toFixed(2));

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const raw of rl) {
  const line = raw.replace(/\r$/, '');
  if (!line.trim() || line.startsWith('#')) continue;
  const tab = line.indexOf('\t');
  const name = tab < 0 ? '' : line.slice(0, tab);
  const input = tab < 0 ? line : line.slice(tab + 1);
  let out;
  try {
    const r = runOne(input.trim());
    out = [name, r.solutions, fmt(r.countMs), fmt(r.firstMs), fmt(r.buildMs)];
  } catch (e) {
    console.error(`iss-runner: ${name}: ${e?.message ?? e}`);
    out = [name, 'error', '-', '-', '-'];
  }
  process.stdout.write(out.join('\t') + '\n');
}
