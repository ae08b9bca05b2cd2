"""ExactCover.trace: the lesson's seven items step by step, stopping, budgets and refusals."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import tessera

# The seed document's example: X = {1..7}; A..F.
LESSON = [["3", "5", "6"], ["1", "4", "7"], ["2", "3", "6"], ["1", "4"], ["2", "7"], ["4", "5", "7"]]


def lesson():
    return tessera.ExactCover([str(i) for i in range(1, 8)], LESSON)


def test_the_lesson_runs_as_knuths_dlx1():
    events = []
    count = lesson().trace(events.append)
    chosen = [e["item"] for e in events if e["event"] == "choose"]
    assert chosen == ["1", "2", "5", "5", "2"]
    assert [e["options"] for e in events if e["event"] == "choose"][:3] == [[1, 3], [2], []]
    dead = [e for e in events if e["event"] == "backtrack" and e["dead_end"]]
    assert [e["level"] for e in dead] == [2]
    solution = [e for e in events if e["event"] == "solution"]
    assert [sorted(e["options"]) for e in solution] == [[0, 3, 4]]  # A, D, E
    plain = lesson().count(engine="dlx1")
    assert (count.solutions, count.nodes, count.updates) == (plain.solutions, plain.nodes, plain.updates)
    assert (events[-1]["nodes"], events[-1]["updates"]) == (plain.nodes, plain.updates)


def test_the_events_equal_the_command_lines(tmp_path):
    """The same JSON objects as `tessera xc solve --trace` (the wheel's own command)."""
    path = tmp_path / "lesson.dlx"
    path.write_text("1 2 3 4 5 6 7\n" + "".join(" ".join(o) + "\n" for o in LESSON))
    events = []
    tessera.ExactCover.from_file(str(path)).trace(events.append, limit=1)
    command = Path(sys.executable).parent / "tessera"
    if not command.exists():
        pytest.skip("the wheel carries no tessera command (test_wheel.py says whether it must)")
    out = subprocess.run([str(command), "xc", "solve", str(path), "--trace"], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert [json.loads(line) for line in lines[:-1]] == events
    assert lines[-1].startswith("tessera: nodes=")


def test_false_stops_and_exceptions_propagate():
    seen = []
    count = lesson().trace(lambda e: seen.append(e) or len(seen) < 4)
    assert len(seen) == 4 and count.outcome == "gave-up"

    def boom(event):
        raise KeyError("stop here")

    with pytest.raises(KeyError, match="stop here"):
        lesson().trace(boom)


def test_budgets_and_refusals():
    events = []
    count = lesson().trace(events.append, max_nodes=3)
    assert count.outcome == "gave-up" and count.nodes <= 3
    assert events and all(e["nodes"] <= 3 for e in events)
    bounded = tessera.ExactCover(["a", "b"], [["a"], ["b"]], bounds={"a": (1, 2)})
    with pytest.raises(ValueError, match="multiplicities"):
        bounded.trace(lambda e: None)
