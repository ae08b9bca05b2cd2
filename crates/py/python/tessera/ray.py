"""Counting on Ray with work handed out on demand: plan once, feed batches to a pool of actors.

>>> import ray, tessera, tessera.ray
>>> ray.init(num_cpus=2)                                   # doctest: +SKIP
>>> tessera.ray.count(tessera.Queens(12), progress=True)["solutions"]   # doctest: +SKIP
14200

How it works (docs/scale-ray.md):

1. **Plan once, in the driver.** ``problem.plan(parts)`` cuts the search tree into prefixes with
   Knuth's estimate of each one's nodes; its cost depends on ``parts`` (64 by default, where the
   plan stops growing), never on the number of workers. The pickled problem and the plan's JSON
   go into Ray's object store once (``ray.put``); every call gets their references, and an
   actor rebuilds them once per count and keeps them for its next batches.
2. **A pool of actors, more than the CPUs.** The batches are counted by a fixed pool of Ray
   actors (:class:`Pool`), ``actors_per_cpu`` (2) per CPU, each reserving its share of a CPU
   (0.5): the operating system shares the cores among them. When one dies (SIGKILL, the
   out-of-memory killer), the others keep every core busy at once, where a task's retry would
   wait more than a second for Ray to start a new worker process (Python, Ray and tessera
   imported) with one core idle. :func:`warm_up` starts the pool ahead of the counts (it is
   Ray's start-up: seconds); without it :func:`count` starts one and ends it when it is done.
3. **Guided self-scheduling.** The prefixes, in search order (neighbours share their cuts, so a
   batch rebuilds cheaply), are cut into batches whose estimated cost is a fixed share of what is
   left: the first batches hold 1/(2A) of the estimated work each (A actors), the last ones a
   few prefixes, so an actor that finishes early takes more work and the last batches are short.
   An actor counts one batch at a time; the next goes to it when it is back (``ray.wait``).
4. **Failures.** A batch that fails (its actor killed, an exception) gives its prefixes back to
   the front of the queue, dealt again to the live actors in batches of the moment's size, up to
   ``max_retries`` times per prefix; then :class:`RayCountError` says which prefixes and why. A
   dead actor is replaced (asynchronously: nothing waits for it) only when the work left is
   worth it (``_ray_schedule.replacement_due``): when no actor is left, when fewer actors than
   CPUs are left and more than one actor start-up of work remains, or when more than
   ``replace`` (5) start-ups of work remain (estimated from the plan's costs and the seconds
   per estimated node of the batches done). Ray's own retries and restarts are off, so every
   retry is counted here.
5. **Stragglers.** When every batch has been handed out and an actor is idle, a batch that has
   run ``speculate`` times longer than its estimate (its estimated nodes at the speed measured on
   the batches done so far) is given to it too (speculative execution, as MapReduce does).
   Whichever copy finishes first is kept and the other ignored (an actor's method cannot be
   interrupted: the actor is busy until it ends), never both (``tessera.merge`` would refuse a
   prefix counted twice anyway). This helps when the slowness is the actor's (a loaded or
   failing machine), not when the batch itself is big: a plan's prefixes cannot be cut further
   after planning, so an underestimated batch runs as long anywhere.
6. **Merge.** The manifests of the batches (one per batch, whichever copy won) go to
   ``tessera.merge``, which checks that every prefix was counted exactly once and the top of the
   tree once: the total is the same from any schedule, any failure and any retry.

Ray is imported when :func:`count` or :class:`Pool` runs, not with ``tessera``; the actors need
``tessera`` installed (the same version: the plan is checked against the problem).
"""

from __future__ import annotations

import dataclasses
import math
import pickle
import sys
import time
import warnings
from typing import Any, Callable, Optional, Union

import tessera
from tessera._ray_pool import Pool, _init_ray, _session, workers
from tessera._ray_schedule import Dealer as _Dealer
from tessera._ray_schedule import Progress, RayCountError, replacement_due
from tessera._ray_schedule import batches as _batches  # noqa: F401  (tests, and as before)

__all__ = ["Pool", "Progress", "RayCountError", "count", "release", "warm_up", "workers"]


_DEFAULT: dict[str, Pool] = {}

# A batch is copied only once it has run this many seconds past ``speculate`` times its estimate
# (timer and scheduling noise on short batches; a test sets it to 0).
_SPECULATE_AFTER = 0.1


def _default_pool(actors_per_cpu: float) -> Optional[Pool]:
    pool = _DEFAULT.get("pool")
    if pool is None or pool.session != _session() or pool.actors_per_cpu != actors_per_cpu:
        return None
    return pool


def warm_up(seconds: float = 0.3, *, actors_per_cpu: float = 2.0) -> list[int]:
    """Starts the pool of actors that :func:`count` uses by default (or keeps the one started,
    with new actors in place of those known dead) and waits for every actor to be ready: each
    has started its process and imported tessera. Part of Ray's start-up, not of a count.
    Returns the process ids of the actors (on a local Ray, the processes a test or a
    fault-injection run can kill). The pool holds the cluster's CPUs until :func:`release`.
    ``seconds`` is ignored (it was each warm-up task's length when the counts ran as tasks)."""
    del seconds
    pool = _default_pool(actors_per_cpu)
    if pool is None:
        release()
        pool = _DEFAULT["pool"] = Pool(actors_per_cpu)
    while pool.live < pool.size:
        pool.start()
    return pool.wait()


def release() -> None:
    """Ends the pool started by :func:`warm_up`: its actors' CPUs go back to Ray."""
    pool = _DEFAULT.pop("pool", None)
    if pool is not None:
        pool.close()


@dataclasses.dataclass
class _Call:
    batch: int
    actor: int
    submitted: float
    duplicate: bool


def count(
    problem: Any,
    *,
    batch: Optional[int] = None,
    parts: int = 64,
    progress: Union[None, bool, Callable[[Progress], Any]] = None,
    progress_every: float = 1.0,
    max_retries: int = 3,
    speculate: Optional[float] = 3.0,
    plan: Optional[tessera.Plan] = None,
    pool: Optional[Pool] = None,
    actors_per_cpu: float = 2.0,
    replace: Optional[float] = 5.0,
) -> dict[str, Any]:
    """Counts ``problem`` (``ExactCover``, ``Queens`` or ``TilingPuzzle``) on the Ray cluster
    (``ray.init()`` first, or a local Ray is started), handing out work on demand to a pool of
    actors.

    The driver plans once (``problem.plan(parts)``, or ``plan``), puts the pickled problem and
    the plan in the object store once, and feeds batches of prefixes to idle actors with
    ``ray.wait``: big batches first, smaller towards the end (guided self-scheduling by the plan's
    estimated costs), at least ``batch`` prefixes each (default: a 64th of an actor's share).

    ``pool``: the :class:`Pool` of actors to count on; by default the one :func:`warm_up`
    started if it has the same ``actors_per_cpu``, else (warm_up's pool, if any, is ended: it
    holds the CPUs) a pool of ``actors_per_cpu`` actors per CPU started now (their start-up,
    seconds, is then part of the count, overlapped with planning) and ended at the end. ``actors_per_cpu`` (2): more actors than CPUs, so that the cores stay
    busy when one dies (see :class:`Pool`). ``replace`` (5): a dead actor is replaced when more
    than that many actor start-ups of work are left (sooner when fewer actors than CPUs are
    left; always when none is); ``None`` or 0: only then.

    ``progress``: ``True`` writes a line to standard error at most every ``progress_every``
    seconds (and one at the end); a callable gets a :class:`Progress` as often. ``max_retries``:
    how many times a prefix whose batch failed (actor killed, exception) is dealt again before
    :class:`RayCountError`; a failed batch's prefixes are dealt again in batches of the moment's
    size. ``speculate``: near the end, a batch running that many times longer than its estimate
    while an actor is idle is given to it too and the first copy to finish is kept (``None`` or
    0: never). The plan's prefixes cannot be re-split after planning, so a straggling batch is
    duplicated, not divided (see the module's documentation).

    Returns ``tessera.merge``'s dict (``solutions``, ``nodes``, ...; merge has checked that every
    prefix was counted exactly once), plus ``'schedule'``: the CPUs (``workers``) and actors,
    batches, calls submitted (``tasks``, the name of when they were tasks), retries, actors
    replaced, speculative copies and the ones that won, the slowest actor start-up seen, the
    plan's seconds and the count's wall seconds (planning included).
    """
    ray = _init_ray()
    if max_retries < 0:
        raise ValueError(f"max_retries is {max_retries}; expected 0 or more")
    if batch is not None and batch < 1:
        raise ValueError(f"batch is {batch}; expected 1 or more")
    started = time.perf_counter()
    own_pool = False
    if pool is None:
        pool = _default_pool(actors_per_cpu)
    if pool is None:
        release()  # warm_up's pool of another size would hold the CPUs this one needs
        pool, own_pool = Pool(actors_per_cpu), True  # starting while the driver plans
    try:
        return _count(ray, problem, pool, started, batch, parts, progress, progress_every,
                      max_retries, speculate, plan, replace)
    finally:
        if own_pool:
            pool.close()


def _count(ray: Any, problem: Any, pool: Pool, started: float, batch: Optional[int], parts: int,
           progress: Any, progress_every: float, max_retries: int, speculate: Optional[float],
           plan: Optional[tessera.Plan], replace: Optional[float]) -> dict[str, Any]:
    if plan is None:
        plan = problem.plan(parts)
    plan_seconds = time.perf_counter() - started
    costs = [float(c) for c in plan.costs]
    smallest = batch if batch is not None else max(1, len(costs) // (64 * pool.size))
    dealer = _Dealer(costs, pool.size, smallest)
    total_cost = math.fsum(costs)
    refs = [ray.put(pickle.dumps(problem)), ray.put(plan.to_json())]

    batches: list[list[int]] = []
    batch_cost: list[float] = []
    calls: dict[Any, _Call] = {}
    done: dict[int, dict] = {}
    failures = [0] * len(costs)
    duplicated: set[int] = set()
    stats = {"tasks": 0, "retries": 0, "replaced": 0, "speculative": 0, "speculative_won": 0}
    seconds_per_cost: Optional[float] = None  # an actor's, measured on the batches done
    observed = [0.0, 0.0]  # their seconds and estimated cost
    last_report = -math.inf
    report = _reporter(progress)
    warned = False

    def submit(index: int, actor: int, duplicate: bool) -> None:
        indices = batches[index]
        ref = pool.submit(actor, refs, indices, not indices or 0 in indices)
        calls[ref] = _Call(index, actor, time.perf_counter(), duplicate)
        stats["tasks"] += 1

    def cost_left() -> float:
        running = {c.batch for c in calls.values()}
        return dealer.left + math.fsum(max(1.0, batch_cost[b]) for b in running)

    def snapshot(finished: bool) -> Progress:
        return Progress(
            solutions=sum(int(m["solutions"]) for m in done.values()),
            nodes=sum(int(m["nodes"]) for m in done.values()),
            prefixes_done=sum(len(batches[b]) for b in done),
            prefixes=len(costs),
            batches_done=len(done),
            batches=len(batches),
            cost_done=math.fsum(batch_cost[b] for b in done),
            cost=total_cost,
            elapsed=time.perf_counter() - started,
            running=len(calls),
            retries=stats["retries"],
            speculative=stats["speculative"],
            finished=finished,
            actors=pool.live,
            replaced=stats["replaced"],
        )

    def failed(call: _Call, error: BaseException) -> None:
        if any(c.batch == call.batch for c in calls.values()):
            return  # its other copy is still running
        indices = batches[call.batch]
        for i in indices:
            failures[i] += 1
        worst = max((failures[i] for i in indices), default=0)
        if worst > max_retries:
            what = f"prefixes {indices[0]}-{indices[-1]}" if indices else "the top of the tree"
            raise RayCountError(
                f"{what} ({len(indices)} of the plan's {len(costs)}, batch {call.batch}) "
                f"failed {worst} times (max_retries={max_retries}); last error: "
                f"{_first_line(error)}"
            ) from error
        stats["retries"] += 1
        dealer.give_back(indices)

    while dealer or calls:
        for actor in pool.idle():
            if not dealer:
                break
            batches.append(dealer.take())
            batch_cost.append(math.fsum(costs[i] for i in batches[-1]))
            submit(len(batches) - 1, actor, False)
        # A dead actor's place: filled when the work left is worth a new process.
        while pool.live < pool.size:
            left = None
            if seconds_per_cost is not None:
                left = cost_left() * seconds_per_cost / max(1, len(pool.actors))
            startup = pool.startup if pool.startup is not None else math.inf
            if not replacement_due(pool.live, pool.cpus, left, startup, replace):
                break
            if pool.start_failures > max(3, pool.size):  # no more new actors
                if pool.live:
                    break
                raise RayCountError(f"{pool.start_failures} actors failed to start; none is left")
            pool.start()
            stats["replaced"] += 1
        if not pool.actors and not warned and time.perf_counter() - started > 30:
            warned = True
            warnings.warn(
                f"tessera.ray: none of the pool's {pool.size} actors has started in 30 s (Ray "
                "cannot give them their CPUs? another Pool holds them: see tessera.ray.release)",
                RuntimeWarning, stacklevel=3,
            )
        others = [ref for a, ref in pool.busy.items() if ref not in calls]  # losing copies
        waiting = list(calls) + list(pool.starting) + others
        ready, _ = ray.wait(waiting, num_returns=1, timeout=0.1) if waiting else ([], [])
        if ready:  # and every other one back by now
            ready, _ = ray.wait(waiting, num_returns=len(waiting), timeout=0)
        now = time.perf_counter()
        for ref in ready:
            if ref in pool.starting:
                pool.on_started(ref)
                continue
            call = calls.pop(ref, None)
            if call is None:  # a losing speculative copy from before, back
                actor = next(a for a, r in pool.busy.items() if r == ref)
                pool.back(actor, dead=_died(ray, ref))
                continue
            try:
                manifest = ray.get(ref)
            except ray.exceptions.RayError as error:
                pool.back(call.actor, dead=isinstance(error, ray.exceptions.RayActorError))
                if call.batch not in done:
                    failed(call, error)
                continue
            pool.back(call.actor, dead=False)
            if call.batch in done:
                continue  # the other copy won already
            done[call.batch] = manifest
            if call.duplicate:
                stats["speculative_won"] += 1
            for other in [r for r, c in calls.items() if c.batch == call.batch]:
                calls.pop(other)  # the losing copy: its actor stays busy until it is back
            observed[0] += now - call.submitted
            observed[1] += max(1.0, batch_cost[call.batch])
            seconds_per_cost = observed[0] / observed[1]
        if speculate and not dealer and seconds_per_cost is not None:
            idle = pool.idle()
            for call in sorted(calls.values(), key=lambda c: c.submitted):
                if not idle:
                    break
                if call.batch in duplicated:
                    continue
                expected = max(1.0, batch_cost[call.batch]) * seconds_per_cost
                if now - call.submitted > speculate * expected + _SPECULATE_AFTER:
                    duplicated.add(call.batch)
                    submit(call.batch, idle.pop(0), True)
                    stats["speculative"] += 1
        if report is not None and now - last_report >= progress_every:
            last_report = now
            report(snapshot(False))
    merged = tessera.merge(list(done.values()))
    if report is not None:
        report(snapshot(True))
    merged["schedule"] = dict(
        workers=int(pool.cpus) if float(pool.cpus).is_integer() else pool.cpus,
        actors=pool.size,
        batches=len(done),
        smallest_batch=smallest,
        plan_seconds=plan_seconds,
        actor_startup=pool.startup,
        seconds=time.perf_counter() - started,
        **stats,
    )
    return merged


def _died(ray: Any, ref: Any) -> bool:
    """Whether the call of ``ref`` (back) failed because its actor died."""
    try:
        ray.get(ref)
    except ray.exceptions.RayActorError:
        return True
    except ray.exceptions.RayError:
        return False
    return False


def _reporter(progress: Union[None, bool, Callable[[Progress], Any]]) -> Optional[Callable[[Progress], Any]]:
    if progress is None or progress is False:
        return None
    if progress is True:
        return lambda state: print(f"tessera.ray: {state}", file=sys.stderr, flush=True)
    if not callable(progress):
        raise TypeError(f"progress is {progress!r}; expected None, True or a callable")
    return progress


def _first_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}"
