"""The janko.at families (``Killer``, ``KenKen``, ``StarBattle``) through the one class shape: the
shared samples solved to their published answers and unique, answers verified, generated puzzles
unique and reproducible, ratings and hints, and the options every class has."""

import pytest

import tessera

FAMILIES = {
    "killer": (tessera.Killer, {"size": 4}),
    "kenken": (tessera.KenKen, {"size": 4}),
    "starbattle": (tessera.StarBattle, {"size": 6, "stars": 1}),
}
# Generated only: the shared data has no Nonogram samples (their outside sets are run in
# docs/performance.md's scripts).
GENERATED = dict(
    FAMILIES,
    nonogram=(tessera.Nonogram, {"size": 10}),
    kakuro=(tessera.Kakuro, {"size": 8}),
    takuzu=(tessera.Takuzu, {"size": 8}),
    akari=(tessera.Akari, {"size": 7}),
)


def answers(text):
    """The answers of a solutions file, each as its grid lines without comments."""
    blocks, block = [], []
    for line in text.splitlines() + [""]:
        line = " ".join(line.split())
        if not line or line.startswith("# "):
            if block:
                blocks.append(block)
            block = []
        else:
            block.append(line)
    return blocks


def lines(answer):
    return [" ".join(line.split()) for line in answer.text.splitlines() if line and not line.startswith("# ")]


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_the_samples_are_solved_to_their_published_answers(name, data):
    cls, _ = FAMILIES[name]
    puzzles = cls.parse_many(data(f"families/{name}.txt").read_text())
    published = answers(data(f"families/{name}.solutions.txt").read_text())
    assert len(puzzles) == len(published) >= 25
    for puzzle, expected in zip(puzzles, published):
        answer = puzzle.solve(timeout=5)
        assert lines(answer) == expected
        assert puzzle.count(limit=2).solutions == 1
        assert puzzle.count(limit=2, engine="xc").solutions == 1
        assert puzzle.verify(answer).valid
        assert puzzle.verify("\n".join(expected)).valid


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_puzzles_are_unique_reproducible_and_rated(name):
    cls, shape = GENERATED[name]
    made = cls.generate(seed=3, **shape)
    again = cls.generate(seed=3, **shape)
    assert made.puzzle.to_text() == again.puzzle.to_text()
    assert made.puzzle.count(limit=2).solutions == 1
    assert made.puzzle.solve() == made.solution
    assert isinstance(made.solution, tessera.Answer)
    assert len(made.solution.rows) == made.puzzle.height
    assert made.puzzle.verify(made.solution).valid
    rating = made.puzzle.rate()
    assert rating.level == made.difficulty
    assert rating.steps and all(isinstance(step, tessera.Step) for step in rating.steps)
    hint = made.puzzle.hint()
    assert hint is not None and hint.technique and hint.explanation
    # A hint's placements agree with the answer.
    width = made.puzzle.width
    for cell, value in hint.placed:
        assert made.solution.rows[cell // width][cell % width] == value
    # The text reads back.
    assert cls(made.puzzle.to_text()).to_text() == made.puzzle.to_text()


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_mistakes_are_named_and_budgets_give_up(name):
    cls, shape = GENERATED[name]
    with pytest.raises(tessera.ParseError) as raised:
        cls("3 3\nnot a puzzle\n")
    assert raised.value.line >= 1 and raised.value.column >= 1
    with pytest.raises(ValueError):
        cls.generate(size=1000, seed=1)
    made = cls.generate(seed=4, **shape)
    count = made.puzzle.count(max_nodes=1)
    assert count.outcome in ("gave-up", "exhausted")
    with pytest.raises(ValueError, match="unknown engine"):
        made.puzzle.count(engine="fastest")


def test_a_kakuro_travels_as_a_puzz_link_address_text_and_json():
    url = "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgG"
    puzzle = tessera.Kakuro(url)
    assert puzzle.to_url() == url
    assert tessera.Kakuro(puzzle.to_text()).to_url() == url
    assert tessera.Kakuro(puzzle.to_json()).to_url() == url
    answer = puzzle.solve()
    assert puzzle.verify(answer).valid
    for engine in ("auto", "xc"):
        assert puzzle.count(limit=2, engine=engine).solutions == 1
    # A board with a white cell in its first row has no address: a clear error.
    with pytest.raises(ValueError, match="first row and column"):
        tessera.Kakuro("2 2\n0 -\n- -\n").to_url()


def test_a_nonogram_travels_as_a_puzz_link_address_and_as_non_text():
    url = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h"
    puzzle = tessera.Nonogram(url)
    assert puzzle.to_url() == url
    assert puzzle.row_clues[0] == [2, 1] and puzzle.column_clues[0] == [2, 1]
    assert tessera.Nonogram(puzzle.to_text()).to_url() == url
    assert tessera.Nonogram(puzzle.to_json()).to_url() == url
    answer = puzzle.solve()
    assert answer.rows[0] == [1, 1, 0, 1, 0, 0]
    for engine in ("auto", "lines", "sat", "xc"):
        assert puzzle.count(limit=2, engine=engine).solutions == 1
    with pytest.raises(tessera.ParseError) as raised:
        tessera.Nonogram("https://puzz.link/p?nonogram/6/6/12g11!1h")
    assert (raised.value.line, raised.value.column) == (1, 39)


def test_a_takuzu_travels_as_tathams_game_id_text_and_json():
    puzzle = tessera.Takuzu("6x6de:abBfCFACgf")
    assert not puzzle.distinct
    assert puzzle.to_game_id() == "6x6:abBfCFACgf"
    assert tessera.Takuzu(puzzle.to_text()).to_game_id() == puzzle.to_game_id()
    assert tessera.Takuzu(puzzle.to_json()).to_game_id() == puzzle.to_game_id()
    answer = puzzle.solve()
    assert puzzle.verify(answer).valid
    assert answer.rows[0] == [0, 1, 0, 0, 1, 1]
    for engine in ("auto", "lines", "sat", "xc"):
        assert puzzle.count(limit=2, engine=engine).solutions == 1
    made = tessera.Takuzu.generate(size=6, level="easy", seed=3, distinct=False)
    assert not made.puzzle.distinct and made.puzzle.count(limit=2).solutions == 1
    # puzz.link has no Takuzu: an address is bad input that says so, and an odd side is refused.
    with pytest.raises(tessera.ParseError, match="no Takuzu genre"):
        tessera.Takuzu("https://puzz.link/p?nothree/6/6/abc")
    with pytest.raises(ValueError):
        tessera.Takuzu.generate(size=7)


def test_an_akari_travels_as_a_puzz_link_address_text_and_json():
    made = tessera.Akari.generate(size=7, seed=2)
    puzzle = made.puzzle
    url = puzzle.to_url()
    assert url.startswith("https://puzz.link/p?lightup/7/7/")
    assert tessera.Akari(url).to_url() == url
    assert tessera.Akari(puzzle.to_text()).to_url() == url
    assert tessera.Akari(puzzle.to_json()).to_url() == url
    for engine in ("auto", "search", "sat", "xc"):
        assert puzzle.count(limit=2, engine=engine).solutions == 1
    assert puzzle.verify(puzzle.solve()).valid
