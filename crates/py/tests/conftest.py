"""Shared fixtures: the path of the shared data sets (``$TESSERA_DATA``).

A test that needs the data asks for ``data``; it is skipped when ``TESSERA_DATA`` is not set or
the file is missing, and fails instead when ``TESSERA_REQUIRE_DATA=1`` (CI sets it, so that a
misconfigured data path cannot make the suite pass by skipping).
"""

import os
from pathlib import Path

import pytest


class Data:
    def __init__(self, root):
        self.root = root

    def __call__(self, relative):
        """The path of ``relative`` under ``$TESSERA_DATA``, or skip (fail when required)."""
        required = os.environ.get("TESSERA_REQUIRE_DATA") == "1"
        if self.root is None:
            message = "TESSERA_DATA is not set"
        else:
            path = Path(self.root) / relative
            if path.exists():
                return path
            message = f"{path} is missing"
        if required:
            pytest.fail(f"{message}, and TESSERA_REQUIRE_DATA=1")
        pytest.skip(message)


@pytest.fixture
def data():
    return Data(os.environ.get("TESSERA_DATA"))
