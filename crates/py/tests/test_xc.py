"""tessera.ExactCover: building from lists, text, files and NumPy; count, first, lazy solutions."""

import threading
import time

import pytest

import tessera

KNUTH = (
    ["A", "B", "C", "D", "E"],
    [["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"], ["A", "D"], ["B", "G"], ["D", "E", "G"]],
    ["F", "G"],
)


def knuth():
    items, options, secondary = KNUTH
    return tessera.ExactCover(items, options, secondary=secondary)


def latin_square_options(n):
    """Latin squares of order n as lists of item names: one option per (row, column, value)."""
    return [
        [f"rc{r}{c}", f"rv{r}{v}", f"cv{c}{v}"] for r in range(n) for c in range(n) for v in range(n)
    ]


def test_lists_build_knuths_example():
    problem = knuth()
    assert problem.items == ["A", "B", "C", "D", "E", "F", "G"]
    assert problem.secondary == ["F", "G"]
    assert problem.option_count == 6
    assert problem.option(3) == ["A", "D"]
    count = problem.count()
    assert (count.solutions, count.outcome, count.reason, count.exact) == (1, "exhausted", None, True)
    assert int(count) == 1
    assert count.nodes > 0 and count.seconds >= 0
    assert problem.first() == [0, 3, 4]
    assert problem.is_solution([0, 3, 4]) and not problem.is_solution([0, 3])
    assert "solutions=1" in repr(count)


def test_text_round_trip_and_parse():
    problem = knuth()
    again = tessera.ExactCover.parse(problem.to_text())
    assert again.count().solutions == 1
    assert again.items == problem.items


def test_colours_from_lists_match_the_text_format():
    # Knuth's colour example (TAOCP 7.2.2.1 (49)): one solution.
    text = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n"
    parsed = tessera.ExactCover.parse(text)
    listed = tessera.ExactCover(
        ["p", "q", "r"],
        [["p", "q", "x", "y:A"], ["p", "r", "x:A", "y"], ["p", ("x", "B")], ["q", "x:A"], ["r", "y:B"]],
        secondary=["x", "y"],
    )
    assert parsed.count().solutions == listed.count().solutions == 1
    # The one solution: x shared by two options that both colour it A.
    assert listed.first(names=True) == parsed.first(names=True) == [["p", "r", "x:A", "y"], ["q", "x:A"]]
    assert listed.option(1) == ["p", "r", "x:A", "y"]


@pytest.mark.parametrize(
    "options, message",
    [
        ([["A", "Z"]], "not declared"),
        ([["A", "A"]], "twice"),
        ([[]], "at least one item"),
        ([["F"]], "primary"),
        ([["A:red"]], "cannot have a colour"),
        ([["A", "F:"]], "empty colour"),
    ],
)
def test_bad_options_are_value_errors(options, message):
    with pytest.raises(ValueError, match=message):
        tessera.ExactCover(["A", "B"], options, secondary=["F"])


def test_a_string_is_not_an_option():
    with pytest.raises(TypeError):
        tessera.ExactCover(["A"], ["A"])


def test_parse_errors_carry_line_and_column():
    with pytest.raises(tessera.ParseError) as raised:
        tessera.ExactCover.parse("A B\nA C\n")
    error = raised.value
    assert isinstance(error, ValueError)
    assert (error.line, error.column) == (2, 3)
    assert "line 2, column 3" in str(error)
    assert "C" in error.message


def test_from_file_reads_knuths_format(tmp_path):
    path = tmp_path / "knuth.dlx"
    path.write_text(knuth().to_text())
    assert tessera.ExactCover.from_file(path).count().solutions == 1
    assert tessera.ExactCover.from_file(str(path)).count().solutions == 1
    with pytest.raises(OSError):
        tessera.ExactCover.from_file(tmp_path / "missing.dlx")


def test_latin_squares_on_every_engine_and_threads():
    problem = tessera.ExactCover(
        [f"{k}{a}{b}" for k in ("rc", "rv", "cv") for a in range(4) for b in range(4)],
        latin_square_options(4),
    )
    for engine in ("auto", "links", "dlx1", "bitset"):
        assert problem.count(engine=engine).solutions == 576
    assert problem.count(threads=2).solutions == 576
    assert problem.count(threads=0).solutions == 576
    assert problem.count(limit=10).outcome == "limit-reached"
    with pytest.raises(ValueError, match="engine"):
        problem.count(engine="fast")
    with pytest.raises(ValueError, match="threads"):
        problem.count(threads=-1)
    with pytest.raises(ValueError, match="limit"):
        problem.count(limit=-1)


def test_pentominoes_6x10_from_the_shared_data(data):
    problem = tessera.ExactCover.from_file(data("xc/pent6x10.dlx"))
    assert problem.count().solutions == 9356
    assert problem.count(threads=2).solutions == 9356
    symmetric = tessera.ExactCover.from_file(data("xc/pent6x10-sym.dlx"))
    assert symmetric.count().solutions == 2339


def test_every_instance_of_the_answers_file(data):
    answers = data("xc/ANSWERS.tsv")
    for line in answers.read_text().splitlines()[1:]:
        name, solutions, _ = line.split("\t")
        if name in ("pent6x10.dlx", "latin5.dlx"):
            continue  # the slow ones are counted elsewhere (or not at all in debug builds)
        problem = tessera.ExactCover.from_file(answers.parent / name)
        assert problem.count().solutions == int(solutions), name


def test_a_node_budget_gives_up_without_raising():
    problem = tessera.ExactCover(
        [f"{k}{a}{b}" for k in ("rc", "rv", "cv") for a in range(5) for b in range(5)],
        latin_square_options(5),
    )
    count = problem.count(max_nodes=100)
    assert (count.outcome, count.reason, count.exact) == ("gave-up", "max-nodes", False)
    assert count.solutions < 161280
    parallel = problem.count(max_nodes=100, threads=2)
    assert parallel.outcome == "gave-up"
    timed = problem.count(timeout=0)
    assert (timed.outcome, timed.reason) == ("gave-up", "timeout")
    with pytest.raises(ValueError, match="timeout"):
        problem.count(timeout=-1)


def test_first_raises_gave_up():
    problem = tessera.ExactCover(
        [f"{k}{a}{b}" for k in ("rc", "rv", "cv") for a in range(6) for b in range(6)],
        latin_square_options(6),
    )
    with pytest.raises(tessera.GaveUp) as raised:
        problem.first(max_nodes=3)
    assert raised.value.reason == "max-nodes"
    assert raised.value.count.outcome == "gave-up"
    assert problem.first() is not None


def test_solutions_are_lazy_and_stop_early():
    # Latin squares of order 6: 812,851,200 of them, far too many to list; taking three must be
    # immediate, which only a lazy iterator can do.
    n = 6
    latin = tessera.ExactCover(
        [f"{k}{a}{b}" for k in ("rc", "rv", "cv") for a in range(n) for b in range(n)],
        latin_square_options(n),
    )
    start = time.perf_counter()
    solutions = latin.solutions()
    taken = [next(solutions) for _ in range(3)]
    assert time.perf_counter() - start < 2.0
    assert len(taken) == 3 and len({tuple(s) for s in taken}) == 3
    assert all(latin.is_solution(s) for s in taken)
    assert solutions.count is None  # still going
    solutions.close()
    assert list(solutions) == []


def test_solutions_in_order_with_limit_names_and_count():
    problem = tessera.ExactCover.parse("A B | C\nA C\nB\nA B\n")
    assert list(problem.solutions()) == [[0, 1], [2]]
    limited = problem.solutions(limit=1)
    assert list(limited) == [[0, 1]]
    assert limited.count.outcome == "limit-reached"
    full = problem.solutions()
    assert list(full) == [[0, 1], [2]]
    assert (full.count.solutions, full.count.outcome) == (2, "exhausted")
    assert list(problem.solutions(names=True)) == [[["A", "C"], ["B"]], [["A", "B"]]]
    seeded = sorted(problem.solutions(seed=7))
    assert seeded == [[0, 1], [2]]


def test_solution_iterator_raises_gave_up_when_the_budget_runs_out():
    n = 6
    latin = tessera.ExactCover(
        [f"{k}{a}{b}" for k in ("rc", "rv", "cv") for a in range(n) for b in range(n)],
        latin_square_options(n),
    )
    found = []
    with pytest.raises(tessera.GaveUp) as raised:
        for solution in latin.solutions(max_nodes=2000):
            found.append(solution)
    assert raised.value.count.solutions == len(found) > 0
    assert raised.value.count.reason == "max-nodes"


def test_the_gil_is_released_during_a_count():
    # Another Python thread must keep running while a count of a few hundred milliseconds runs.
    puzzle = tessera.TilingPuzzle("10x6")
    result = {}
    worker = threading.Thread(target=lambda: result.setdefault("count", puzzle.count(engine="xc")))
    ticks = 0
    worker.start()
    while worker.is_alive():
        ticks += 1
    worker.join()
    assert result["count"].solutions == 9356
    # Holding the GIL, the count would let this loop run only a handful of times.
    assert ticks > 1000, ticks


def test_two_threads_count_at_once():
    problems = [tessera.TilingPuzzle("12x5") for _ in range(2)]
    counts = []
    threads = [threading.Thread(target=lambda p=p: counts.append(p.count(engine="xc").solutions)) for p in problems]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert counts == [4040, 4040]


def test_ctrl_c_stops_a_count_started_from_the_main_thread():
    import os
    import signal

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signals reach only the main thread")
    puzzle = tessera.TilingPuzzle("10x6")
    full = puzzle.count(engine="xc").seconds
    timer = threading.Timer(0.1, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        puzzle.count(engine="xc")
    elapsed = time.perf_counter() - start
    timer.join()
    assert elapsed < 0.1 + full / 2, (elapsed, full)


def test_bounds_are_knuths_multiplicities():
    # Two or three of four options covering the one item: C(4,2) + C(4,3) = 10.
    cover = tessera.ExactCover(["pair", "a"], [["pair"]] * 4 + [["a"]], bounds={"pair": (2, 3)})
    assert cover.bounds == {"pair": (2, 3), "a": (1, 1)}
    assert cover.count().solutions == 10
    assert tessera.ExactCover(["p"], [["p"]] * 3, bounds={"p": 2}).count().solutions == 3
    # The same problem in Knuth's DLX3 syntax reads and writes back.
    text = "2:3|pair a\npair\npair\npair\npair\na\n"
    parsed = tessera.ExactCover.parse(text)
    assert parsed.to_text() == text
    assert parsed.count().solutions == 10


@pytest.mark.parametrize(
    "bounds, message",
    [({"p": 0}, "upper bound"), ({"p": (3, 2)}, "lower bound"), ({"x": 1}, "not a primary item")],
)
def test_bad_bounds_are_value_errors(bounds, message):
    with pytest.raises(ValueError, match=message):
        tessera.ExactCover(["p"], [["p"]], bounds=bounds)


def test_bounds_on_a_secondary_item_are_a_parse_error():
    with pytest.raises(tessera.ParseError) as err:
        tessera.ExactCover.parse("p | 2|x\np x\n")
    assert (err.value.line, err.value.column) == (1, 5)
