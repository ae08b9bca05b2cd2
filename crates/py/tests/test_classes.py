"""What every class shares, checked on every class at once: the same keyword-only options with
the same defaults, the library's words for outcomes and reasons, and a lazy ``solutions``."""

import gc
import inspect
import itertools
import time

import pytest

import tessera

OPTIONS = ["engine", "limit", "threads", "max_nodes", "timeout"]
DEFAULTS = {"engine": "auto", "limit": None, "threads": 1, "max_nodes": None, "timeout": None}


def latin(n):
    items = [f"{k}{a}{b}" for k in ("rc", "rv", "cv") for a in range(n) for b in range(n)]
    options = [[f"rc{r}{c}", f"rv{r}{v}", f"cv{c}{v}"] for r in range(n) for c in range(n) for v in range(n)]
    return tessera.ExactCover(items, options)


# Each class with a puzzle whose search takes more than one node and has many solutions.
PUZZLES = {
    "Sudoku": lambda: tessera.Sudoku("." * 81),
    "Hidato": lambda: tessera.Hidato.from_cells([[1] + [0] * 9] + [[0] * 10] * 9),
    "TilingPuzzle": lambda: tessera.TilingPuzzle("6x10"),
    "Queens": lambda: tessera.Queens(12),
    "ExactCover": lambda: latin(6),
    "KenKen": lambda: tessera.KenKen(
        "6 6\n" + "21+ . . . . .\n" * 6 + "".join(f"{r} {r} {r} {r} {r} {r}\n" for r in range(1, 7))
    ),
    "Killer": lambda: tessera.Killer(
        "9 9\n" + "45 - - - - - - - -\n" * 9 + "".join(" ".join([str(r)] * 9) + "\n" for r in range(1, 10))
    ),
    "StarBattle": lambda: tessera.StarBattle("12 12 1\n" + "1 2 3 4 5 6 7 8 9 10 11 12\n" * 12),
    "Variant": lambda: tessera.Variant(
        '{"size":9,"regions":[%s],"givens":[%s],"constraints":[{"kind":"anti-knight"}]}'
        % (",".join(str(i // 27 * 3 + i % 9 // 3) for i in range(81)), ",".join(["0"] * 81))
    ),
}


@pytest.fixture(params=sorted(PUZZLES))
def puzzle(request):
    return PUZZLES[request.param]()


def keyword_options(method):
    parameters = list(inspect.signature(method).parameters.values())[1:]  # after self
    assert all(p.kind == p.KEYWORD_ONLY for p in parameters), parameters
    return {p.name: p.default for p in parameters}


def test_every_search_takes_the_same_keyword_only_options(puzzle):
    cls = type(puzzle)
    for name in ("count", "solutions"):
        options = keyword_options(getattr(cls, name))
        assert list(options)[: len(OPTIONS)] == OPTIONS
        assert {k: options[k] for k in OPTIONS} == DEFAULTS
    solve = keyword_options(cls.solve)
    assert solve == {k: v for k, v in DEFAULTS.items() if k != "limit"}
    with pytest.raises(TypeError):
        puzzle.count(1)
    with pytest.raises(TypeError):
        puzzle.solve("auto")


def test_a_node_budget_gives_up_in_the_librarys_words(puzzle):
    count = puzzle.count(max_nodes=1)
    assert (count.outcome, count.reason, count.exact) == ("gave-up", "max-nodes", False)
    with pytest.raises(tessera.GaveUp) as raised:
        puzzle.solve(max_nodes=1)
    assert raised.value.reason == "max-nodes"
    timed = puzzle.count(timeout=0)
    assert (timed.outcome, timed.reason) == ("gave-up", "timeout")
    limited = puzzle.count(limit=1)
    assert (limited.outcome, limited.reason, limited.solutions) == ("limit-reached", None, 1)


def test_an_unknown_engine_lists_the_names(puzzle):
    with pytest.raises(ValueError, match=r"unknown engine 'fastest' for .*; expected one of auto, "):
        puzzle.count(engine="fastest")


# Hidato's library listing (hidato::visit) finds every solution before handing out the first, so
# its listing is lazy in form only: it gets a board with few solutions here.
LISTED = dict(PUZZLES, Hidato=lambda: tessera.Hidato("3 3\n1 0 0\n0 0 0\n0 0 9\n", adjacency="numbrix"))


@pytest.mark.parametrize("name", sorted(LISTED))
def test_solutions_are_lazy_and_say_how_they_ended(name):
    puzzle = LISTED[name]()
    start = time.perf_counter()
    listing = puzzle.solutions()
    first = next(listing)
    assert time.perf_counter() - start < 5.0
    assert listing.count is None  # still going
    valid = puzzle.is_solution(first) if name == "ExactCover" else puzzle.verify(first).valid
    assert valid
    ended = listing.finish()
    if name != "Hidato":  # the small board's search has ended by now
        assert (ended.outcome, ended.reason) == ("gave-up", "cancelled")
    assert listing.count is not None and list(listing) == []

    limited = LISTED[name]().solutions(limit=2)
    assert len(list(limited)) == 2
    assert (limited.count.solutions, limited.count.outcome) == (2, "limit-reached")
    assert limited.finish().outcome == "limit-reached"


@pytest.mark.parametrize("name", ["ExactCover", "Queens", "Sudoku", "TilingPuzzle"])
def test_islice_takes_a_few_and_the_search_stops(name):
    puzzle = PUZZLES[name]()
    taken = list(itertools.islice(puzzle.solutions(), 5))
    assert len(taken) == 5 and len({repr(t) if isinstance(t, list) else str(t) for t in taken}) == 5
    gc.collect()
    time.sleep(0.3)  # the dropped listing's worker sees its requests end and stops
    before = time.process_time()  # every thread of the process
    time.sleep(0.5)
    assert time.process_time() - before < 0.15


def test_a_budget_that_runs_out_mid_listing_keeps_what_was_yielded():
    queens = tessera.Queens(10)
    found = []
    with pytest.raises(tessera.GaveUp) as raised:
        for columns in queens.solutions(max_nodes=2000):
            found.append(columns)
    assert 0 < len(found) < 724
    assert all(queens.verify(columns).valid for columns in found)
    assert raised.value.reason == "max-nodes"
    assert (raised.value.count.solutions, raised.value.count.outcome) == (len(found), "gave-up")


def test_a_listing_ends_exhausted_with_its_count():
    listing = tessera.Queens(6).solutions()
    assert len(list(listing)) == 4
    assert (listing.count.solutions, listing.count.outcome, listing.count.exact) == (4, "exhausted", True)
    closed = tessera.Queens(6).solutions()
    closed.close()
    assert list(closed) == [] and closed.count is None


def test_ctrl_c_stops_a_listing_that_waits_for_its_next_solution():
    import os
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach only the main thread")
    # Hidato's listing finds every solution before handing out the first (see above): on this
    # board, the first next() would wait for hours. (The domain engine: the walk engine's
    # listing, which "auto" picks here, does not look at its budget in time.)
    board = tessera.Hidato.from_cells([[1] + [0] * 9] + [[0] * 10] * 9)
    timer = threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        for _ in board.solutions(engine="domain"):
            pass
    timer.join()
    assert time.perf_counter() - start < 3.0
