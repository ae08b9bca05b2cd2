"""The installed wheel: its distribution name, and the `tessera` command it carries in the
environment's bin/ (scripts/test-python.sh sets TESSERA_REQUIRE_CLI=1, so that a wheel without
the command fails instead of skipping)."""

import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

import tessera


def test_the_distribution_is_tessera_puzzles():
    assert metadata.version("tessera-puzzles") == tessera.__version__


def test_the_wheel_carries_the_command():
    command = Path(sys.executable).parent / "tessera"
    if not command.exists():
        if os.environ.get("TESSERA_REQUIRE_CLI") == "1":
            pytest.fail(f"{command} is missing, and TESSERA_REQUIRE_CLI=1")
        pytest.skip(f"{command} is missing (a wheel built without scripts/test-python.sh)")
    # No Rust toolchain on the PATH: the command runs by itself.
    done = subprocess.run([str(command), "--version"], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin"}, check=True)
    assert tessera.__version__ in done.stdout
    done = subprocess.run([str(command), "queens", "8", "--count"], capture_output=True, text=True, check=True)
    assert "92" in done.stdout
