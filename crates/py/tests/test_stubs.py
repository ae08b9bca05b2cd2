"""The type stubs (_tessera.pyi) match the compiled module, as mypy's stubtest sees them.

scripts/test-python.sh sets TESSERA_REQUIRE_MYPY=1, so that a missing mypy fails the run
instead of skipping the check.
"""

import os
import subprocess
import sys

import pytest


def test_stubs_match_the_module():
    if os.environ.get("TESSERA_REQUIRE_MYPY") != "1":
        pytest.importorskip("mypy")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "tessera._tessera"], capture_output=True, text=True
    )
    errors = [line for line in done.stdout.splitlines() if line.startswith("error:")]
    # PEP 800's @disjoint_base needs typing_extensions in the stubs, which older type checkers
    # do not know; every PyO3 class is one, and saying so changes nothing for a checker.
    errors = [line for line in errors if "disjoint base" not in line]
    assert errors == [], done.stdout
    # Anything else stubtest complains of (it could not import the module, a crash) fails too.
    assert done.returncode == 0 or "disjoint base" in done.stdout, done.stdout + done.stderr
