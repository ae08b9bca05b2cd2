#!/usr/bin/env bash
# Builds the Python package (crates/py) as a wheel with maturin, installs it in a fresh virtual
# environment and runs its pytest suite against the installed wheel, not the source tree.
#
#   scripts/test-python.sh [PYTEST ARGS...]      e.g. scripts/test-python.sh -k sudoku -x
#
# Environment:
#   PYTHON             the interpreter to build the venv from (default: python3; CPython 3.9+)
#   CARGO_TARGET_DIR   cargo's target folder (default: target/); the venv and the wheel go in it,
#                      as py-venv/ and wheels/
#   TESSERA_DATA       the shared data folder (xc/, sudoku/, hidato/); tests that need it skip
#                      without it, and fail instead when TESSERA_REQUIRE_DATA=1
#   PROFILE            cargo profile for the wheel (default: release, the profile the speed
#                      figures of docs/performance.md were measured with)
#
#   TESSERA_CLI        an already built `tessera` binary to put in the wheel instead of building
#                      one (CI passes the one `cargo test --workspace` has just built: building
#                      tessera-cli in release again, with its web server and PDF dependencies and
#                      its fat-LTO link, took as long as the wheel itself)
#   WHEEL_COMPAT       the wheel's platform tag (maturin's --compatibility); by default the
#                      manylinux tag of the newest glibc symbol the binary needs
#
# The wheel carries the command-line tool: the `tessera` binary (crate tessera-cli) is built first
# with the same profile and target folder as the extension module (so the two builds share their
# compiled dependencies), stripped of its debug information (74 MB to 16 MB) and copied into
# crates/py/tessera._tessera.data/scripts/, which maturin puts in the wheel's .data/scripts (pip
# installs it into the venv's bin/); the folder is made here and removed after the build, never
# committed (.gitignore). maturin's auditwheel check covers the extension module only, so the
# binary's own glibc needs (objdump) choose the tag, and maturin then checks the module against
# it. Every long step prints a line every 30 s (the fat-LTO links print nothing for minutes).
#
# The venv is made afresh each run (so a stale wheel or package cannot pass the tests); pip
# installs maturin, pytest, numpy, mypy (whose stubtest checks the type stubs against the
# compiled module: tests/test_stubs.py, which fails on any mismatch, and here fails rather than
# skips when mypy is missing) and Ray (for the example of examples/ray_count.py, run on a local
# Ray) into it from the package index.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PYTHON=${PYTHON:-python3}
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
PROFILE=${PROFILE:-release}
VENV=$TARGET/py-venv
WHEELS=$TARGET/wheels

say() { printf 'test-python: %s\n' "$*" >&2; }

say "fresh venv in $VENV ($("$PYTHON" --version 2>&1))"
rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet "maturin>=1.9.4,<2" pytest numpy mypy "ray>=2.9"

# Runs "$@", saying every 30 s that it still runs (and how long it has run).
with_heartbeat() {
    local what=$1 start=$SECONDS
    shift
    ( while sleep 30; do say "$what: still running ($(( SECONDS - start )) s)"; done ) &
    local beat=$!
    local status=0
    "$@" || status=$?
    kill "$beat" 2>/dev/null || true
    wait "$beat" 2>/dev/null || true
    say "$what: done in $(( SECONDS - start )) s"
    return "$status"
}

DATA=$ROOT/crates/py/tessera._tessera.data
rm -rf "$DATA"
if [[ -n ${TESSERA_CLI:-} ]]; then
    CLI=$TESSERA_CLI
    [[ -x $CLI ]] || { say "TESSERA_CLI=$CLI is not an executable file"; exit 1; }
    say "the wheel's tessera command: $CLI (TESSERA_CLI)"
else
    say "building the tessera command (profile $PROFILE) for the wheel's scripts"
    with_heartbeat "cargo build -p tessera-cli" \
        env CARGO_TARGET_DIR="$TARGET" cargo build --profile "$PROFILE" -p tessera-cli --bin tessera \
        --manifest-path "$ROOT/Cargo.toml"
    case $PROFILE in dev | test) OUT=debug ;; bench) OUT=release ;; *) OUT=$PROFILE ;; esac
    CLI=$TARGET/$OUT/tessera
fi
mkdir -p "$DATA/scripts"
cp "$CLI" "$DATA/scripts/tessera"
strip --strip-debug "$DATA/scripts/tessera"
glibc=$(objdump -T "$DATA/scripts/tessera" | grep -o 'GLIBC_2\.[0-9]*' | sort -uV | tail -n 1)
WHEEL_COMPAT=${WHEEL_COMPAT:-manylinux_2_${glibc#GLIBC_2.}}
say "the command needs $glibc: the wheel is tagged $WHEEL_COMPAT"

say "building the wheel (profile $PROFILE)"
rm -rf "$WHEELS"
(cd "$ROOT" && with_heartbeat "maturin build" env CARGO_TARGET_DIR="$TARGET" "$VENV/bin/maturin" build \
    --profile "$PROFILE" -m crates/py/Cargo.toml --interpreter "$VENV/bin/python" --out "$WHEELS" \
    --compatibility "$WHEEL_COMPAT")
rm -rf "$DATA"

wheels=("$WHEELS"/tessera_puzzles-*.whl)
[[ ${#wheels[@]} -eq 1 && -f ${wheels[0]} ]] || { say "expected one wheel in $WHEELS"; exit 1; }
say "installing ${wheels[0]##*/}"
"$VENV/bin/python" -m pip install --quiet --force-reinstall --no-deps "${wheels[0]}"
# The command from the venv's bin, as a user gets it, with no Rust toolchain on the PATH.
say "the wheel's command: $(env -i PATH="$VENV/bin:/usr/bin:/bin" "$VENV/bin/tessera" --version)"

# Run from outside the source tree so that `import tessera` finds the installed wheel, never
# crates/py/python/tessera (which has no compiled module).
say "pytest on the installed wheel"
cd "$TARGET"
TESSERA_REQUIRE_MYPY=1 TESSERA_REQUIRE_CLI=1 "$VENV/bin/python" -m pytest "$ROOT/crates/py/tests" -p no:cacheprovider "$@"
