#!/usr/bin/env bash
# variant-vs-iss.sh: Tessera, Interactive Sudoku Solver (ISS) and CP-SAT side by side on ISS's own
# puzzles (crates/puzzles/tests/data/variant/iss.tsv), each counting solutions to 2, one puzzle at
# a time, under nice.
#
#   ISS_DIR=/path/to/iss-checkout TESSERA=target/release/tessera \
#     [CPSAT_PY=/path/to/venv/bin/python CPSAT_JSON=puzzles.jsonl] scripts/variant-vs-iss.sh > out.tsv
#
# Environment:
#   ISS_DIR        a checkout of github.com/sigh/Interactive-Sudoku-Solver with `npm install` done
#                  (required); run through scripts/iss-runner.mjs
#   TESSERA        the tessera binary; each ISS string goes to the stdin of its own
#                  `$TESSERA variant count --limit 2 --json --timeout 2` (its `solutions`,
#                  `outcome` and `seconds`: the count's own time, without the process's start);
#                  a string outside the catalogue is refused (exit 2: `refused`). Unset: the
#                  Tessera columns are `-`.
#   CPSAT_PY       a python with ortools (optional); runs scripts/variant-cpsat.py
#   CPSAT_JSON     for CP-SAT: a file of Tessera variant JSON, one line per puzzle of iss.tsv in
#                  its order (`null` or an empty line for a puzzle Tessera cannot say); CP-SAT reads
#                  Tessera's JSON, not ISS's text. Without it the CP-SAT columns are `-`.
#   ISS_TIMEOUT_MS ISS's timeout per puzzle (default 120000); CPSAT_TIMEOUT_S CP-SAT's (default 120)
#   PUZZLES        another file in the form of iss.tsv (default: the committed one)
#
# Output: TSV on stdout, a header line then one line per puzzle:
#   name          the puzzle's name in ISS's data
#   collection    the ISS collection it comes from (DISPLAYED_EXAMPLES, EXAMPLES, TAREK_ALL, ...)
#   iss_sol       solutions ISS found, counting stops at 2; `timeout`, `error`
#   iss_ms        ISS's wall ms in-process of the count to 2 (its solver built beforehand, not
#                 counted); the time until the timeout for `timeout`
#   iss_first_ms  ISS's wall ms to its first solution within that count (`-`: none)
#   tessera_sol   solutions Tessera found (to 2); `timeout`, `refused` (outside the catalogue),
#                 `error`, `-` (not run)
#   tessera_ms    the ms Tessera reports for that puzzle
#   cpsat_sol     solutions CP-SAT found (to 2); `timeout`, `error`, `-` (no JSON for the puzzle)
#   cpsat_ms      CP-SAT's wall ms of its solves (not of building its model)
#   expected      1 when ISS's data gives the puzzle's solution (so it should have exactly one),
#                 `-` when it gives none
#   agree         `yes` when every count that finished is the same, `NO` when two differ, `-`
#                 when fewer than two finished
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
: "${ISS_DIR:?set ISS_DIR to a checkout of sigh/Interactive-Sudoku-Solver}"
puzzles="${PUZZLES:-$root/crates/puzzles/tests/data/variant/iss.tsv}"
iss_timeout="${ISS_TIMEOUT_MS:-120000}"
cpsat_timeout="${CPSAT_TIMEOUT_S:-120}"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The puzzles without comments and header: name, collection, iss_string, solution.
grep -v '^#' "$puzzles" | awk -F'\t' 'NR > 1 || $1 != "name"' > "$tmp/puzzles.tsv"
cut -f1,3 "$tmp/puzzles.tsv" > "$tmp/iss-in.tsv"
cut -f3 "$tmp/puzzles.tsv" > "$tmp/iss-strings.txt"

echo "variant-vs-iss: ISS on $(wc -l < "$tmp/puzzles.tsv") puzzles" >&2
ISS_DIR="$ISS_DIR" nice node "$here/iss-runner.mjs" --timeout-ms "$iss_timeout" \
  < "$tmp/iss-in.tsv" > "$tmp/iss.out"

: > "$tmp/tessera.out"
if [[ -n "${TESSERA:-}" ]]; then
  echo "variant-vs-iss: Tessera" >&2
  # One process per puzzle: a file with one string outside the catalogue is refused whole (exit
  # 2), and a refusal is a result of its own here.
  while IFS= read -r iss; do
    line="$(printf '%s\n' "$iss" | nice "$TESSERA" variant count --limit 2 --json --timeout 2 2>/dev/null)" \
      && status=0 || status=$?
    case "$status" in
      0 | 3) printf '%s\n' "$line" | grep -m1 '^{' || echo '{"error": "no output"}' ;;
      2) echo '{"refused": true}' ;;
      *) echo "{\"error\": \"exit $status\"}" ;;
    esac
  done < "$tmp/iss-strings.txt" > "$tmp/tessera.out"
fi

: > "$tmp/cpsat.out"
if [[ -n "${CPSAT_PY:-}" && -n "${CPSAT_JSON:-}" ]]; then
  echo "variant-vs-iss: CP-SAT" >&2
  # Keep the lines aligned with the puzzles: a puzzle without JSON is left out of CP-SAT's input
  # and gets `-`.
  awk '{ if ($0 != "" && $0 != "null") print }' "$CPSAT_JSON" > "$tmp/cpsat-in.jsonl"
  awk '{ print ($0 != "" && $0 != "null") ? 1 : 0 }' "$CPSAT_JSON" > "$tmp/cpsat-has.txt"
  nice "$CPSAT_PY" "$here/variant-cpsat.py" --limit 2 --time-limit "$cpsat_timeout" \
    < "$tmp/cpsat-in.jsonl" > "$tmp/cpsat.out"
else
  : > "$tmp/cpsat-has.txt"
fi

node - "$tmp" <<'EOF'
const fs = require('fs');
const dir = process.argv[2];
const lines = (f) => { const t = fs.readFileSync(`${dir}/${f}`, 'utf8'); return t ? t.replace(/\n$/, '').split('\n') : []; };
const puzzles = lines('puzzles.tsv').map((l) => l.split('\t'));
const iss = lines('iss.out').map((l) => l.split('\t'));
const tessera = lines('tessera.out').filter((l) => l.trim().startsWith('{'));
const has = lines('cpsat-has.txt');
const cpsat = lines('cpsat.out').map((l) => l.split('\t'));
if (tessera.length && tessera.length !== puzzles.length) {
  console.error(`variant-vs-iss: ${tessera.length} Tessera results for ${puzzles.length} puzzles; the columns may be shifted`);
}
const tes = (line) => {
  if (line === undefined) return ['-', '-'];
  let j;
  try { j = JSON.parse(line); } catch { return ['error', '-']; }
  if (j.refused) return ['refused', '-'];
  const ms = j.seconds !== undefined ? j.seconds * 1000 : undefined;
  let sol = j.solutions;
  if (j.outcome === 'gave-up') sol = 'timeout';
  else if (j.error !== undefined) sol = 'error';
  return [sol === undefined ? 'error' : String(sol), ms === undefined ? '-' : Number(ms).toFixed(2)];
};
let k = 0;
const out = [['name', 'collection', 'iss_sol', 'iss_ms', 'iss_first_ms', 'tessera_sol', 'tessera_ms',
  'cpsat_sol', 'cpsat_ms', 'expected', 'agree'].join('\t')];
puzzles.forEach(([name, collection, , solution], i) => {
  const [, issSol = '-', issMs = '-', issFirst = '-'] = iss[i] ?? [];
  const [tSol, tMs] = tes(tessera[i]);
  let cSol = '-', cMs = '-';
  if (has[i] === '1') { [, cSol = '-', cMs = '-'] = cpsat[k++] ?? []; }
  const counts = [issSol, tSol, cSol].filter((s) => /^\d+$/.test(s));
  const agree = counts.length < 2 ? '-' : counts.every((s) => s === counts[0]) ? 'yes' : 'NO';
  out.push([name, collection, issSol, issMs, issFirst, tSol, tMs, cSol, cMs, solution ? '1' : '-', agree].join('\t'));
});
console.log(out.join('\n'));
EOF
