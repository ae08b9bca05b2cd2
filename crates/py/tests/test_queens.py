"""tessera.Queens."""

import pytest

import tessera


def test_known_counts():
    assert tessera.Queens(8).count().solutions == 92
    assert tessera.Queens(10).count().solutions == 724
    assert tessera.Queens(10).count(threads=2).solutions == 724
    assert tessera.Queens(10).count(engine="xc").solutions == 724
    assert [tessera.Queens(n).count().solutions for n in range(7)] == [1, 1, 0, 0, 2, 10, 4]


def test_solve_solutions_verify_render():
    queens = tessera.Queens(8)
    assert queens.n == 8
    first = queens.solve()
    assert first == [0, 4, 7, 5, 2, 6, 1, 3]
    assert queens.verify(first).valid
    all_92 = list(queens.solutions())
    assert len(all_92) == 92 and all_92[0] == first and all_92 == sorted(all_92)
    assert all(queens.verify(s).valid for s in all_92)
    assert len(list(queens.solutions(limit=5))) == 5
    assert sorted(queens.solutions(engine="xc")) == all_92
    assert tessera.Queens(3).solve() is None
    bad = queens.verify([0] * 8)
    assert not bad.valid and bad.violations
    assert not queens.verify([0, 1]).valid
    assert tessera.Queens.render([1, 3, 0, 2]).splitlines()[0] == ". Q . ."


def test_out_of_range_is_an_error_not_zero():
    with pytest.raises(ValueError, match="from 0 to 32"):
        tessera.Queens(33)
    with pytest.raises(ValueError):
        tessera.Queens(-1)


def test_budget_gives_up():
    queens = tessera.Queens(14)
    count = queens.count(max_nodes=1000)
    assert (count.outcome, count.reason) == ("gave-up", "max-nodes")
    assert count.solutions < 365596
    with pytest.raises(tessera.GaveUp):
        list(queens.solutions(max_nodes=1000))
    assert queens.count(timeout=0).reason == "timeout"
