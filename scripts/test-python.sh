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

say "building the wheel (profile $PROFILE)"
rm -rf "$WHEELS"
start=$(date +%s)
(cd "$ROOT" && CARGO_TARGET_DIR=$TARGET "$VENV/bin/maturin" build --profile "$PROFILE" \
    -m crates/py/Cargo.toml --interpreter "$VENV/bin/python" --out "$WHEELS")
say "wheel built in $(( $(date +%s) - start )) s"

wheels=("$WHEELS"/tessera-*.whl)
[[ ${#wheels[@]} -eq 1 && -f ${wheels[0]} ]] || { say "expected one wheel in $WHEELS"; exit 1; }
"$VENV/bin/python" -m pip install --quiet --force-reinstall --no-deps "${wheels[0]}"

# Run from outside the source tree so that `import tessera` finds the installed wheel, never
# crates/py/python/tessera (which has no compiled module).
say "pytest on the installed wheel"
cd "$TARGET"
TESSERA_REQUIRE_MYPY=1 "$VENV/bin/python" -m pytest "$ROOT/crates/py/tests" -p no:cacheprovider "$@"
