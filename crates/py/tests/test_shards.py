"""Shards and the estimator from Python: every shard merged gives the single count, a merge
refuses a missing or doubled shard, a checkpoint resumes, and the estimator is near the truth."""

import json

import pytest

import tessera


def shards(instance, of, **kwargs):
    return [instance.count_shard(i, of, **kwargs) for i in range(of)]


@pytest.mark.parametrize("of", [1, 7, 64])
def test_queens_shards_merge_to_the_count(of):
    for n in (8, 10, 11):
        queens = tessera.Queens(n)
        merged = tessera.merge(shards(queens, of))
        single = queens.count()
        assert merged["solutions"] == single.solutions
        assert merged["shards"] == of


@pytest.mark.parametrize("of", [1, 7])
def test_exact_cover_shards_merge_to_the_count_and_nodes(data, of):
    problem = tessera.ExactCover.from_file(data("xc/pent5x12.dlx"))
    merged = tessera.merge(shards(problem, of))
    single = problem.count()
    assert merged["solutions"] == 4040 == single.solutions
    assert merged["nodes"] == single.nodes


def test_tiling_shards_merge_to_the_count():
    puzzle = tessera.TilingPuzzle("5x12")
    assert tessera.merge(shards(puzzle, 5))["solutions"] == puzzle.count().solutions == 4040


def test_a_merge_names_the_missing_and_the_doubled_shard():
    manifests = shards(tessera.Queens(9), 4)
    with pytest.raises(tessera.MergeError, match="2/4"):
        tessera.merge(manifests[:2] + manifests[3:])
    with pytest.raises(tessera.MergeError, match="1/4 is given twice"):
        tessera.merge(manifests + [manifests[1]])
    # Manifests travel as JSON text too (files written by workers).
    assert tessera.merge([json.dumps(m) for m in manifests])["solutions"] == 352
    with pytest.raises(tessera.MergeError, match="not a shard manifest"):
        tessera.merge([{"format": "nothing"}])
    other = tessera.Queens(10).count_shard(0, 4)
    with pytest.raises(tessera.MergeError, match="another count"):
        tessera.merge([manifests[0], other, manifests[2], manifests[3]])


def test_bad_shards_are_value_errors():
    queens = tessera.Queens(8)
    for index, of in [(3, 3), (-1, 2), (0, 0)]:
        with pytest.raises(ValueError):
            queens.count_shard(index, of)


def test_a_checkpoint_resumes_without_counting_twice(tmp_path):
    queens = tessera.Queens(13)
    checkpoint = tmp_path / "q13.ckpt"
    # A node budget (per prefix) that some prefixes of queens 13 outgrow: the first run stops
    # with part of the prefixes saved, the second resumes from them.
    first = queens.count_shard(0, 1, max_nodes=3000, checkpoint=str(checkpoint), checkpoint_every=0.0)
    assert first["outcome"] == "gave-up", "the budget never stopped the count: nothing to resume"
    saved = len(json.loads(checkpoint.read_text())["done"])
    assert saved > 0, "nothing was saved before the budget ran out"
    second = queens.count_shard(0, 1, checkpoint=str(checkpoint))
    assert second["outcome"] == "exhausted"
    assert second["solutions"] == 73712
    assert second["nodes"] == tessera.merge(shards(queens, 1))["nodes"]


def test_the_estimate_is_near_the_tree(data):
    problem = tessera.ExactCover.from_file(data("xc/queens12.dlx"))
    estimate = problem.estimate(probes=20_000, seed=3, measure=5.0)
    assert estimate["exact_solutions"] == 14200
    exact = estimate["exact_nodes"]
    # Knuth's estimator is unbiased: within five standard errors of the exact count.
    assert abs(estimate["nodes"] - exact) <= 5 * estimate["nodes_error"], estimate
    assert estimate["seconds"] > 0


def test_a_plan_made_once_counts_part_by_part_and_travels_as_json():
    queens = tessera.Queens(10)
    plan = queens.plan(4)
    assert isinstance(plan, tessera.Plan) and plan.parts == 4 and len(plan) >= 4
    assert len(plan.costs) == len(plan.owners) == len(plan)
    again = tessera.Plan.from_json(plan.to_json())
    assert again.to_json() == plan.to_json()
    manifests = [queens.count_part(again, i) for i in range(4)]
    assert tessera.merge(manifests)["solutions"] == 724
    assert sorted(i for p in range(4) for i in plan.prefixes_of(p)) == list(range(len(plan)))


def test_batches_of_prefixes_merge_in_any_grouping(data):
    problem = tessera.ExactCover.from_file(data("xc/pent5x12.dlx"))
    plan = problem.plan(8)
    indices = list(range(len(plan)))
    batches = [indices[i : i + 7] for i in range(0, len(indices), 7)]
    manifests = [problem.count_prefixes(plan, batch) for batch in reversed(batches)]
    assert all(m["shard"] is None for m in manifests)
    assert tessera.merge(manifests)["solutions"] == 4040
    with pytest.raises(tessera.MergeError, match="counted by no manifest"):
        tessera.merge(manifests[1:])
    with pytest.raises(tessera.MergeError, match="counted twice"):
        tessera.merge(manifests + [problem.count_prefixes(plan, batches[-1], top=False)])


def test_bad_plans_and_parts_are_value_errors():
    plan = tessera.Queens(9).plan(3)
    with pytest.raises(ValueError, match="another count"):
        tessera.Queens(10).count_part(plan, 0)
    with pytest.raises(ValueError, match="part 3 is out of range"):
        tessera.Queens(9).count_part(plan, 3)
    with pytest.raises(ValueError, match="out of range"):
        tessera.Queens(9).count_prefixes(plan, [len(plan)])
    with pytest.raises(ValueError, match="not a plan"):
        tessera.Plan.from_json("{")
    with pytest.raises(ValueError, match="tessera-plan/7"):
        tessera.Plan.from_json(plan.to_json().replace("tessera-plan/1", "tessera-plan/7"))
