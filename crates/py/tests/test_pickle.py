"""Pickling: every problem, puzzle and result class round-trips through ``pickle`` and ``copy``
(checked by behaviour: the same count, solutions and text), travels to a ``multiprocessing`` pool
started with "spawn", and bad bytes on the unpickling path raise ``ValueError``, never a panic."""

import copy
import itertools
import multiprocessing
import operator
import pickle
import random

import pytest

import tessera
from test_classes import LISTED as PUZZLES, latin  # Hidato: a board with few solutions


def key(solution):
    """A solution as something ``==`` compares by value, whatever its class."""
    return solution if isinstance(solution, list) else str(solution)


def same_behaviour(a, b):
    assert type(a) is type(b)
    assert str(a) == str(b) and repr(a) == repr(b)
    assert a.count(limit=50).solutions == b.count(limit=50).solutions
    first = [key(s) for s in itertools.islice(a.solutions(), 3)]
    assert first == [key(s) for s in itertools.islice(b.solutions(), 3)]


@pytest.mark.parametrize("name", sorted(PUZZLES))
@pytest.mark.parametrize("protocol", [0, 2, pickle.HIGHEST_PROTOCOL])
def test_every_puzzle_class_round_trips(name, protocol):
    puzzle = PUZZLES[name]()
    same_behaviour(puzzle, pickle.loads(pickle.dumps(puzzle, protocol=protocol)))


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_every_puzzle_class_copies(name):
    puzzle = PUZZLES[name]()
    same_behaviour(puzzle, copy.deepcopy(puzzle))
    same_behaviour(puzzle, copy.copy(puzzle))


def test_an_exact_cover_keeps_what_the_text_format_cannot():
    problem = tessera.ExactCover(
        ["a b", "x:y", "pair"],
        [["a b", ("s t", "red")], ["x:y", "pair"], ["pair", ("s t", "red")], ["a b", "x:y", "pair"], ["pair"]],
        secondary=["s t"],
        bounds={"pair": (1, 2)},
    )
    back = pickle.loads(pickle.dumps(problem))
    assert back.items == problem.items
    assert [back.option(i) for i in range(5)] == [problem.option(i) for i in range(5)]
    assert sorted(back.solutions()) == sorted(problem.solutions())
    assert back.count().solutions == problem.count().solutions > 0


def test_the_pickled_form_is_compact():
    problem = latin(6)  # 216 options of three items
    assert len(pickle.dumps(problem)) < 3000
    assert len(pickle.dumps(tessera.Queens(12))) < 100


def test_results_round_trip():
    count = tessera.Queens(8).count()
    back = pickle.loads(pickle.dumps(count))
    assert repr(back) == repr(count) and back.exact and int(back) == 92
    gave_up = tessera.Queens(12).count(max_nodes=100)
    assert (pickle.loads(pickle.dumps(gave_up)).reason, gave_up.reason) == ("max-nodes", "max-nodes")

    verdict = tessera.Queens(4).verify([0, 1, 2, 3])
    back = pickle.loads(pickle.dumps(verdict))
    assert (back.valid, back.violations, str(back)) == (False, verdict.violations, str(verdict))

    made = tessera.Sudoku.generate(size=4, seed=7)
    back = copy.deepcopy(made)
    assert (back.seed, back.difficulty, back.attempts, back.puzzle) == (
        made.seed, made.difficulty, made.attempts, made.puzzle)
    assert back.puzzle.solve() == back.solution == made.solution

    sudoku = tessera.Sudoku(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    for result in (sudoku.rate(), sudoku.hint()):
        back = pickle.loads(pickle.dumps(result))
        assert repr(back) == repr(result) and dir(back) == dir(result)
        for name in (n for n in dir(result) if not n.startswith("_")):
            assert getattr(back, name) == getattr(result, name), name

    hidato = tessera.Hidato("3 3\n1 0 0\n0 0 0\n0 0 9\n", adjacency="numbrix")
    rating = hidato.rate()
    assert repr(pickle.loads(pickle.dumps(rating))) == repr(rating)

    kenken = PUZZLES["KenKen"]()
    answer = kenken.solve()
    assert pickle.loads(pickle.dumps(answer)) == answer
    assert kenken.verify(pickle.loads(pickle.dumps(answer))).valid
    made = tessera.KenKen.generate(size=4, seed=1)
    rating = made.puzzle.rate()
    back = pickle.loads(pickle.dumps(rating))
    assert (back.level, back.score, back.hardest, back.solved) == (
        rating.level, rating.score, rating.hardest, rating.solved)
    assert [str(s) for s in back.steps] == [str(s) for s in rating.steps]
    assert [s.placed for s in back.steps] == [s.placed for s in rating.steps]


def test_a_tiling_travels_with_its_puzzle():
    puzzle = tessera.TilingPuzzle("3x20")
    tiling = puzzle.solve()
    back = pickle.loads(pickle.dumps(tiling))
    assert str(back) == str(tiling) and back.placements == tiling.placements
    assert puzzle.verify(back).valid


def test_a_plan_travels_whole_and_counts_the_same():
    problem = tessera.Queens(9)
    plan = problem.plan(4)
    for back in (pickle.loads(pickle.dumps(plan)), copy.deepcopy(plan)):
        assert back.to_json() == plan.to_json() and len(back) == len(plan)
        manifests = [problem.count_part(back, i) for i in range(back.parts)]
        assert tessera.merge(manifests)["solutions"] == 352


def test_exceptions_travel_with_their_attributes():
    with pytest.raises(tessera.GaveUp) as raised:
        list(tessera.Queens(10).solutions(max_nodes=500))
    back = pickle.loads(pickle.dumps(raised.value))
    assert back.reason == "max-nodes" and back.count.solutions == raised.value.count.solutions
    with pytest.raises(tessera.ParseError) as raised:
        tessera.ExactCover.parse("A B\nA C\n")
    back = pickle.loads(pickle.dumps(raised.value))
    assert (back.line, back.column, str(back)) == (2, 3, str(raised.value))


def test_a_running_search_does_not_pickle():
    listing = tessera.Queens(6).solutions()
    with pytest.raises(TypeError, match="cannot be pickled"):
        pickle.dumps(listing)
    listing.close()


def states():
    """Every class's ``_from_state`` with a state of it."""
    objects = [PUZZLES[name]() for name in sorted(PUZZLES)]
    sudoku = tessera.Sudoku(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    objects += [tessera.Queens(4).count(), tessera.Queens(4).verify([0]), tessera.TilingPuzzle("3x20").solve(),
                PUZZLES["KenKen"]().solve(), sudoku.rate(), sudoku.hint(),
                tessera.KenKen.generate(size=4, seed=1).puzzle.rate()]
    for obj in objects:
        assert obj is not None
        restore, (state,) = obj.__reduce__()
        assert isinstance(state, bytes)
        yield restore, state


def test_bad_bytes_raise_value_error_never_a_panic():
    rng = random.Random(28)
    for restore, state in states():
        restore(state)  # the state itself reads back
        for bad in (b"", b"\x02" + state[1:], state + b"\x00", b"\x01" + b"\xff" * 20):
            with pytest.raises(ValueError, match="not a pickled tessera"):
                restore(bad)
        cuts = sorted(rng.sample(range(len(state)), min(len(state), 40)))
        for cut in cuts:
            with pytest.raises(ValueError):
                restore(state[:cut])
        for _ in range(200):
            flipped = bytearray(state)
            flipped[rng.randrange(1, len(state))] ^= 1 << rng.randrange(8)
            try:
                restore(bytes(flipped))  # may read as another valid object
            except ValueError:
                pass
    with pytest.raises(TypeError):
        tessera.Sudoku._from_state("not bytes")


def test_a_problem_built_in_python_counts_in_a_spawned_pool():
    problem = latin(4)
    queens = tessera.Queens(8)
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        counts = pool.map(operator.methodcaller("count"), [problem, queens])
    assert [c.solutions for c in counts] == [576, 92]
    assert all(c.exact for c in counts)
