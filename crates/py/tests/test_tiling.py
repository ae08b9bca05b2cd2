"""tessera.TilingPuzzle and tessera.Tiling."""

import pytest

import tessera


def test_3x20_pentominoes():
    puzzle = tessera.TilingPuzzle("3x20", "pentominoes")
    assert (puzzle.width, puzzle.height) == (3, 20)
    assert puzzle.pieces == list("FILNPTUVWXYZ")
    assert puzzle.count().solutions == 8
    assert puzzle.count(engine="xc").solutions == 8
    assert puzzle.count(distinct=True).solutions == 2
    tilings = list(puzzle.solutions())
    assert len(tilings) == 8
    assert all(puzzle.verify(t).valid for t in tilings)
    assert len({str(t) for t in tilings}) == 8


def test_6x10_counts():
    puzzle = tessera.TilingPuzzle("6x10")
    assert puzzle.count(distinct=True).solutions == 2339
    assert puzzle.count(threads=2).solutions == 9356


def test_a_tiling_reads_and_renders():
    puzzle = tessera.TilingPuzzle("20x3")
    tiling = puzzle.solve()
    assert len(tiling) == 12
    rows = str(tiling).splitlines()
    assert len(rows) == 3 and all(len(row) == 20 for row in rows)
    placements = tiling.placements
    assert sorted(name for name, _ in placements) == list("FILNPTUVWXYZ")
    assert sum(len(squares) for _, squares in placements) == 60
    assert "\x1b[" in tiling.render(color=True)
    # A tiling of an equal puzzle built separately verifies too (matched by piece and squares).
    assert tessera.TilingPuzzle("20x3").verify(tiling).valid
    assert not tessera.TilingPuzzle("3x20").verify(tiling).valid


def test_boards_with_holes_custom_pieces_and_motion():
    board = "........\n........\n........\n...##...\n...##...\n........\n........\n........\n"
    puzzle = tessera.TilingPuzzle(board, "pentominoes")
    assert puzzle.count(distinct=True).solutions == 65
    dominoes = tessera.TilingPuzzle("2x3", "AA\n")
    # A piece file says each piece is used once unless told: three dominoes need "* A 3".
    assert tessera.TilingPuzzle("2x3", "AA\n* A 3\n").count().solutions == 3
    assert dominoes.count().solutions == 0
    fixed = tessera.TilingPuzzle("2x3", "AA\n* A 3\n", motion="fixed")
    assert fixed.count().solutions == 1


def test_errors():
    with pytest.raises(tessera.ParseError) as raised:
        tessera.TilingPuzzle("6y10")
    assert (raised.value.line, raised.value.column) == (1, 1)
    with pytest.raises(ValueError, match="piece set"):
        tessera.TilingPuzzle("6x10", "heptominoes")
    with pytest.raises(ValueError, match="motion"):
        tessera.TilingPuzzle("6x10", motion="sideways")
    with pytest.raises(ValueError, match="limit"):
        tessera.TilingPuzzle("6x10").count(limit=3, distinct=True)


def test_budget():
    puzzle = tessera.TilingPuzzle("6x10")
    count = puzzle.count(max_nodes=100)
    assert (count.outcome, count.reason) == ("gave-up", "max-nodes")
    with pytest.raises(tessera.GaveUp):
        list(puzzle.solutions(max_nodes=100))
