"""``tessera.Variant``, variant Sudoku as data, on the example ``examples/data/variant/thermo-4x4.json``
(two thermometers, a cage and a V on a 4x4, one solution): solved, counted, verified, read back
through its JSON, mistakes named."""

import json
import pathlib

import pytest

import tessera

EXAMPLE = pathlib.Path(__file__).resolve().parents[3] / "examples" / "data" / "variant" / "thermo-4x4.json"
ANSWER = [[1, 2, 3, 4], [3, 4, 1, 2], [4, 1, 2, 3], [2, 3, 4, 1]]


@pytest.fixture
def text():
    if not EXAMPLE.exists():
        pytest.skip(f"{EXAMPLE} is not there (an installed wheel run outside the source tree)")
    return EXAMPLE.read_text()


def test_the_example_is_solved_counted_and_verified(text):
    puzzle = tessera.Variant(text)
    assert puzzle.size == puzzle.width == puzzle.height == 4
    answer = puzzle.solve()
    assert isinstance(answer, tessera.Answer)
    assert answer.rows == ANSWER
    count = puzzle.count(limit=2)
    assert (count.solutions, count.outcome) == (1, "exhausted")
    assert puzzle.verify(answer).valid
    assert puzzle.verify("1234\n3412\n4123\n2341\n").valid
    assert puzzle.verify("1234341241232341").valid
    verdict = puzzle.verify("1234\n3412\n4132\n2341\n")
    assert not verdict.valid


def test_the_json_reads_back(text):
    puzzle = tessera.Variant(text)
    again = tessera.Variant(puzzle.to_json())
    assert again.to_json() == puzzle.to_json()
    assert json.loads(puzzle.to_json())["size"] == 4
    assert [p.to_json() for p in tessera.Variant.parse_many(text + "\n" + text)] == [puzzle.to_json()] * 2
    # f-puzzles JSON and its share link read back to the same rules (f-puzzles groups them by
    # kind), and written again the same.
    fpuzzles = puzzle.to_fpuzzles()
    assert "grid" in json.loads(fpuzzles)
    once = tessera.Variant.from_fpuzzles(fpuzzles)
    assert tessera.Variant.from_fpuzzles(once.to_fpuzzles()).to_json() == once.to_json()
    assert _constraints(once) == _constraints(puzzle)
    link = puzzle.to_link()
    assert "f-puzzles.com/?load=" in link
    assert tessera.Variant.from_link(link).to_json() == once.to_json()
    assert tessera.Variant(link).solve().rows == ANSWER
    with pytest.raises((tessera.ParseError, ValueError)):
        tessera.Variant.from_fpuzzles(puzzle.to_json())


def _constraints(puzzle):
    return sorted(json.dumps(c, sort_keys=True) for c in json.loads(puzzle.to_json())["constraints"])


def test_mistakes_are_named(text):
    with pytest.raises(tessera.ParseError) as raised:
        tessera.Variant('{"size":4,"regions":[0,0,')
    assert raised.value.line >= 1 and raised.value.column >= 1
    with pytest.raises((tessera.ParseError, ValueError)):
        tessera.Variant.from_link("https://example.com/not-a-puzzle")
    with pytest.raises((tessera.ParseError, ValueError)):
        tessera.Variant(text).verify("12x4\n3412\n4123\n2341\n")
