#!/usr/bin/env bash
# Lighthouse (mobile, Performance) on the web game's two pages (docs/web.md "Lighthouse"): the
# start page `/` and the game page, a share link `/?kind=sudoku&puzzle=...` that starts a game.
# A measurement, not a CI step: Lighthouse is not installed by this repository.
#
# It starts `tessera serve` (a release build, TESSERA_BIN) on a free port of 127.0.0.1 over a
# temporary database, runs Lighthouse RUNS times on each page (its default mobile emulation:
# a mid-range phone, simulated slow 4G and 4x CPU slowdown), prints each run's score and metrics
# and the worst score of each page, and exits 1 if STRICT=1 and a worst score is under MIN.
#
# Settings (environment):
#   LIGHTHOUSE   the Lighthouse command (default `lighthouse`; e.g. after
#                `npm install --prefix /tmp/lh lighthouse`: /tmp/lh/node_modules/.bin/lighthouse)
#   CHROME_PATH  the browser Lighthouse drives (default /usr/bin/chromium)
#   TESSERA_BIN  the server binary (default target/release/tessera; build it with
#                `cargo build --release -p tessera-cli`)
#   RUNS (3), MIN (95), STRICT (0), PUZZLE (the 9x9 of the game page's link),
#   OUT (a directory for the JSON reports; default a temporary one, removed unless KEEP=1)
set -euo pipefail

cd "$(dirname "$0")/.."
LIGHTHOUSE=${LIGHTHOUSE:-lighthouse}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
TESSERA_BIN=${TESSERA_BIN:-target/release/tessera}
RUNS=${RUNS:-3}
MIN=${MIN:-95}
STRICT=${STRICT:-0}
PUZZLE=${PUZZLE:-53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79}

for need in "$TESSERA_BIN" "$CHROME_PATH"; do
    [ -x "$need" ] || { echo "lighthouse.sh: $need is not an executable file" >&2; exit 2; }
done
command -v "$LIGHTHOUSE" >/dev/null 2>&1 || [ -x "$LIGHTHOUSE" ] ||
    { echo "lighthouse.sh: no Lighthouse at LIGHTHOUSE=$LIGHTHOUSE" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "lighthouse.sh: python3 reads the reports" >&2; exit 2; }

WORK=$(mktemp -d /tmp/tessera-lighthouse.XXXXXX)
OUT=${OUT:-$WORK/reports}
mkdir -p "$OUT"
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$TESSERA_BIN" serve --addr "127.0.0.1:$PORT" --db "$WORK/tessera.db" >"$WORK/server.log" 2>&1 &
SERVER=$!
cleanup() {
    kill "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
    if [ "${KEEP:-0}" = 1 ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
for _ in $(seq 100); do
    curl -fsS -o /dev/null "http://127.0.0.1:$PORT/" 2>/dev/null && break
    sleep 0.1
done
curl -fsS -o /dev/null "http://127.0.0.1:$PORT/" || { cat "$WORK/server.log" >&2; exit 1; }

BASE="http://127.0.0.1:$PORT"
FAILED=0
for page in start game; do
    case $page in
        start) url="$BASE/" ;;
        game) url="$BASE/?kind=sudoku&puzzle=$PUZZLE" ;;
    esac
    worst=100
    for run in $(seq "$RUNS"); do
        report="$OUT/$page-$run.json"
        "$LIGHTHOUSE" "$url" --quiet --only-categories=performance --output=json --output-path="$report" \
            --chrome-flags="--headless=new --no-sandbox --disable-dev-shm-usage" >/dev/null 2>"$WORK/lighthouse.log" ||
            { cat "$WORK/lighthouse.log" >&2; exit 1; }
        line=$(python3 - "$report" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
a = r["audits"]
def ms(k): return f'{a[k]["numericValue"]:.0f} ms'
print(round(r["categories"]["performance"]["score"] * 100),
      f'FCP {ms("first-contentful-paint")}, LCP {ms("largest-contentful-paint")}, '
      f'TBT {ms("total-blocking-time")}, SI {ms("speed-index")}, '
      f'CLS {a["cumulative-layout-shift"]["numericValue"]:.3f}, '
      f'render-blocking {a["render-blocking-resources"].get("numericValue", 0):.0f} ms')
EOF
)
        score=${line%% *}
        echo "$page run $run: score $line"
        [ "$score" -lt "$worst" ] && worst=$score
    done
    echo "$page: worst Performance score $worst of $RUNS runs ($url)"
    [ "$worst" -ge "$MIN" ] || FAILED=1
done
if [ "$STRICT" = 1 ] && [ "$FAILED" = 1 ]; then
    echo "a page scored under $MIN" >&2
    exit 1
fi
