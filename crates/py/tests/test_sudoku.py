"""tessera.Sudoku: every input format, the searches, verify, rate, hint and generate."""

import json

import pytest

import tessera

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# Arto Inkala's "hardest": the 9x9 solvers need guesses.
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def test_line_grid_and_json_read_the_same_puzzle():
    line = tessera.Sudoku(CLASSIC)
    grid = tessera.Sudoku(line.to_grid())
    from_json = tessera.Sudoku(line.to_json())
    assert line == grid == from_json == tessera.Sudoku.parse(CLASSIC)
    assert hash(line) == hash(grid)
    assert (line.size, line.clues, line.layout, line.is_solved) == (9, 30, "9x9", False)
    assert line.cells[:3] == [5, 3, 0]
    assert json.loads(line.to_json())["cells"].startswith("53..7")
    assert repr(line) == f'Sudoku("{CLASSIC}")'


def test_variants_sizes_and_many():
    assert tessera.Sudoku("1.3.0..2...4_2..").size == 4
    x = tessera.Sudoku("." * 81 + " X")
    assert "X" in x.to_line()
    six = tessera.Sudoku("." * 36 + " 3x2")
    assert six.size == 6 and six.count(limit=5).solutions == 5
    many = tessera.Sudoku.parse_many(f"# two\n{CLASSIC}\n{EASY}\n")
    assert [p.to_line() for p in many] == [CLASSIC, EASY]


def test_parse_errors_carry_line_and_column():
    with pytest.raises(tessera.ParseError) as raised:
        tessera.Sudoku("53..7....\n6..195...\n98?.....6\n")
    assert isinstance(raised.value, ValueError)
    assert raised.value.line >= 1 and raised.value.column >= 1
    assert f"line {raised.value.line}, column {raised.value.column}" in str(raised.value)
    with pytest.raises(tessera.ParseError) as raised:
        tessera.Sudoku(CLASSIC[:80] + "?")
    assert (raised.value.line, raised.value.column) == (1, 81)
    with pytest.raises(tessera.ParseError):
        tessera.Sudoku.parse_many(f"{CLASSIC}\n{CLASSIC[:-1]}z\n")


@pytest.mark.parametrize("engine", ["auto", "fast", "general", "xc", "sat"])
def test_every_engine_solves_and_verify_accepts(engine):
    puzzle = tessera.Sudoku(CLASSIC)
    solution = puzzle.solve(engine=engine)
    assert solution.to_line() == SOLVED and solution.is_solved
    assert puzzle.verify(solution).valid
    assert puzzle.verify(SOLVED)
    assert puzzle.count(engine=engine).solutions == 1
    assert puzzle.count(limit=2, engine=engine).outcome == "exhausted"
    assert [s.to_line() for s in puzzle.solutions(engine=engine)] == [SOLVED]


def test_counts_limits_and_unsolvable():
    empty4 = tessera.Sudoku("." * 16)
    assert empty4.count().solutions == 288
    assert empty4.count(limit=10).outcome == "limit-reached"
    assert len(list(empty4.solutions(limit=7))) == 7
    clash = tessera.Sudoku("11" + "." * 79)
    assert clash.solve() is None
    assert clash.count().solutions == 0
    with pytest.raises(ValueError, match="engine"):
        empty4.count(engine="fastest")


def test_verify_lists_every_violation():
    puzzle = tessera.Sudoku(CLASSIC)
    wrong = "6" + SOLVED[1:]
    verdict = puzzle.verify(wrong)
    assert not verdict and not verdict.valid
    assert verdict.violations[0] == "r1c1 was given 5, the answer has 6"
    assert len(verdict.violations) > 1
    assert "r1c1" in str(verdict)
    assert not puzzle.verify(tessera.Sudoku("." * 16)).valid  # another layout


def test_a_budget_gives_up_cleanly():
    puzzle = tessera.Sudoku(INKALA)
    count = puzzle.count(engine="general", max_nodes=1)
    assert (count.outcome, count.reason) == ("gave-up", "max-nodes")
    with pytest.raises(tessera.GaveUp) as raised:
        puzzle.solve(engine="general", max_nodes=1)
    assert raised.value.reason == "max-nodes"
    with pytest.raises(tessera.GaveUp):
        list(puzzle.solutions(engine="xc", max_nodes=1))
    assert puzzle.verify(puzzle.solve()).valid


def test_rate_and_hint():
    rating = tessera.Sudoku(EASY).rate()
    assert (rating.difficulty, rating.solved, rating.guesses) == ("easy", True, 0)
    assert rating.score > 0 and rating.steps > 0 and rating.hardest is not None
    assert sum(n for _, n in rating.techniques) == rating.steps
    hard = tessera.Sudoku(INKALA).rate()
    assert hard.difficulty in ("extreme", "fiendish", "diabolical")
    hint = tessera.Sudoku(EASY).hint()
    assert hint.technique and hint.explanation
    (row, column, digit), = hint.placements
    assert tessera.Sudoku(EASY).solve().cells[row * 9 + column] == digit
    assert tessera.Sudoku(SOLVED).hint() is None
    with pytest.raises(tessera.GaveUp):
        tessera.Sudoku(INKALA).rate(timeout=0)


def test_generate_is_reproducible_and_unique():
    made = tessera.Sudoku.generate(size=9, level="easy", seed=3, symmetry="rot180")
    assert made.difficulty == "easy" and made.seed == 3
    assert made.puzzle.count().solutions == 1
    assert made.puzzle.solve() == made.solution
    assert made.puzzle.verify(made.solution).valid
    assert made.puzzle.rate().difficulty == "easy"
    cells = made.puzzle.cells
    assert all((cells[i] == 0) == (cells[80 - i] == 0) for i in range(81))
    again = tessera.Sudoku.generate(size=9, level="easy", seed=3, symmetry="rot180")
    assert again.puzzle == made.puzzle
    six = tessera.Sudoku.generate(boxes="3x2", seed=1)
    assert six.puzzle.size == 6 and six.puzzle.count().solutions == 1
    x = tessera.Sudoku.generate(size=4, x=True, seed=2)
    assert "X" in x.puzzle.to_line()


def test_generate_refuses_bad_arguments():
    with pytest.raises(ValueError, match="difficulty"):
        tessera.Sudoku.generate(level="impossible")
    with pytest.raises(ValueError, match="symmetry"):
        tessera.Sudoku.generate(symmetry="spiral")
    with pytest.raises(ValueError):
        tessera.Sudoku.generate(size=7)
    with pytest.raises(ValueError, match="disagree"):
        tessera.Sudoku.generate(size=9, boxes="2x2")
    with pytest.raises(tessera.GaveUp):  # 4x4 puzzles are all easy
        tessera.Sudoku.generate(size=4, level="hard")


def test_the_shared_top1465_file(data):
    text = data("sudoku/magictour_top1465.txt").read_text()
    puzzles = tessera.Sudoku.parse_many(text)
    assert len(puzzles) == 1465
    for puzzle in puzzles[:50]:
        solution = puzzle.solve()
        assert puzzle.verify(solution).valid
        assert puzzle.count(limit=2).solutions == 1


def test_a_chain_hint_carries_its_chain():
    """The textbook AIC of the library's tests: its singles placed, the next hint is the chain,
    whose ``chain`` starts and ends on candidates it links (an even number of nodes, from a
    strong link to a strong link) and is empty on every other hint."""
    text = "....2..7..3.........49...5..46.8.1....514......2..3..9..8..2.......9.7..16.75.4.."
    for _ in range(81):
        hint = tessera.Sudoku(text).hint()
        assert hint is not None
        if hint.technique != "Alternating inference chain":
            assert hint.chain == [] and hint.placements, hint
            cells = list(text)
            for row, column, digit in hint.placements:
                cells[row * 9 + column] = str(digit)
            text = "".join(cells)
            continue
        assert len(hint.chain) >= 4 and len(hint.chain) % 2 == 0, hint.chain
        assert all(0 <= r < 9 and 0 <= c < 9 and 1 <= d <= 9 for r, c, d in hint.chain)
        assert hint.eliminations, hint
        return
    raise AssertionError("no chain hint")
