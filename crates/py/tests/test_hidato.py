"""tessera.Hidato: parse, solve, count, verify, rate, generate."""

import pytest

import tessera

NUMBRIX = "3 3\n1 0 0\n0 0 0\n0 0 9\n"


def test_parse_and_properties():
    puzzle = tessera.Hidato(NUMBRIX, adjacency="numbrix")
    assert (puzzle.width, puzzle.height, puzzle.size, puzzle.givens) == (3, 3, 9, 2)
    assert puzzle.adjacency == "numbrix"
    assert puzzle.rows == [[1, 0, 0], [0, 0, 0], [0, 0, 9]]
    assert tessera.Hidato.parse(puzzle.to_text(), adjacency="numbrix") == puzzle
    assert tessera.Hidato(puzzle.to_json()) == puzzle  # JSON carries the adjacency
    assert tessera.Hidato.from_cells(puzzle.cells, 3, 3, adjacency="numbrix") == puzzle
    assert tessera.Hidato.from_cells(puzzle.rows, adjacency="numbrix") == puzzle


def test_parse_errors_carry_line_and_column():
    with pytest.raises(tessera.ParseError) as raised:
        tessera.Hidato("3 2\n1 0\n")
    assert (raised.value.line, raised.value.column) == (2, 4)
    assert "row 1 has 2 numbers" in str(raised.value)
    with pytest.raises(ValueError):
        tessera.Hidato.from_cells([[1, 1]])
    with pytest.raises(ValueError, match="adjacency"):
        tessera.Hidato(NUMBRIX, adjacency="hex")


@pytest.mark.parametrize("engine", ["auto", "domain", "walk", "learn", "xc", "trace"])
def test_engines_agree(engine):
    numbrix = tessera.Hidato(NUMBRIX, adjacency="numbrix")
    assert numbrix.count(engine=engine).solutions == 2
    assert numbrix.count(engine=engine, limit=1).outcome == "limit-reached"
    for answer in numbrix.solutions(engine=engine):
        assert numbrix.verify(answer).valid
    hidato = tessera.Hidato(NUMBRIX)
    answer = hidato.solve(engine=engine)
    assert hidato.verify(answer).valid


def test_verify_names_what_is_wrong():
    puzzle = tessera.Hidato(NUMBRIX, adjacency="numbrix")
    wrong = tessera.Hidato.from_cells([[1, 2, 3], [4, 5, 6], [7, 8, 9]], adjacency="numbrix")
    verdict = puzzle.verify(wrong)
    assert not verdict.valid and verdict.violations
    assert puzzle.verify("3 3\n1 2 3\n6 5 4\n7 8 9\n").valid


def test_unsolvable_and_budget():
    assert tessera.Hidato("3 1\n1 3 0\n").solve() is None
    big = tessera.Hidato.from_cells([[1] + [0] * 9] * 1 + [[0] * 10] * 9)
    count = big.count(max_nodes=5)
    assert count.outcome == "gave-up"
    with pytest.raises(tessera.GaveUp):
        list(big.solutions(max_nodes=5))


def test_rate_and_generate():
    assert tessera.Hidato("3 1\n1 0 3\n").rate().difficulty == "easy"
    made = tessera.Hidato.generate(width=6, height=6, level="medium", seed=11)
    assert made.difficulty == "medium"
    assert made.puzzle.count().solutions == 1
    assert made.puzzle.verify(made.solution).valid
    assert made.puzzle.rate().difficulty == "medium"
    again = tessera.Hidato.generate(width=6, height=6, level="medium", seed=11)
    assert again.puzzle == made.puzzle
    shaped = tessera.Hidato.generate(shape=tessera.Hidato("3 3\n0 0 0\n0 -1 0\n0 0 0\n"), seed=1)
    assert shaped.puzzle.cells[4] == -1
    numbrix = tessera.Hidato.generate(width=5, height=5, adjacency="numbrix", seed=2)
    assert numbrix.puzzle.adjacency == "numbrix"
    with pytest.raises(ValueError, match="difficulty"):
        tessera.Hidato.generate(width=5, height=5, level="extreme")
    with pytest.raises(ValueError):
        tessera.Hidato.generate(width=5)


def test_the_shared_curated_set(data):
    puzzles = tessera.Hidato.parse_many(data("hidato/curated.txt").read_text())
    expected = [int(line.split("\t")[2]) for line in data("hidato/curated.tsv").read_text().splitlines()[1:]]
    assert len(puzzles) == len(expected) == 39
    for puzzle, solutions in zip(puzzles, expected):
        if puzzle.size > 200:
            continue  # the big ones belong to the Rust tests
        count = puzzle.count(limit=2, timeout=20)
        assert count.solutions == min(solutions, 2)
        assert puzzle.verify(puzzle.solve()).valid
