"""The scheduling logic of :mod:`tessera.ray`, pure Python with no Ray in it (so it is tested
without a cluster): guided self-scheduling of a plan's prefixes into batches, the progress
report, the size of the pool of actors and when a dead actor is worth replacing."""

from __future__ import annotations

import collections
import dataclasses
import math
from typing import Optional, Sequence

__all__ = ["Dealer", "Progress", "RayCountError", "batches", "actor_cpus", "replacement_due"]


class RayCountError(RuntimeError):
    """A batch of prefixes failed more than ``max_retries`` times, or no actor could start; the
    message says which and why."""


RayCountError.__module__ = "tessera.ray"  # where it is documented and caught


@dataclasses.dataclass(frozen=True)
class Progress:
    """Where a count on Ray stands, as :func:`tessera.ray.count` reports it.

    ``solutions`` and ``nodes`` are those of the batches done; ``cost_done`` and ``cost`` the
    plan's estimated nodes (Knuth's estimates) of the prefixes done and of all, so
    ``1 - share`` is the estimated share of the work left. ``running`` is the number of batches
    being counted (speculative copies included), ``actors`` the live actors of the pool (started
    or starting), ``replaced`` how many dead actors have been replaced so far.
    """

    solutions: int
    nodes: int
    prefixes_done: int
    prefixes: int
    batches_done: int
    batches: int
    cost_done: float
    cost: float
    elapsed: float
    running: int
    retries: int
    speculative: int
    finished: bool
    actors: int = 0
    replaced: int = 0

    @property
    def share(self) -> float:
        """The estimated share of the work done, 0 to 1."""
        return 1.0 if self.cost <= 0 else min(1.0, self.cost_done / self.cost)

    @property
    def left(self) -> Optional[float]:
        """Estimated seconds left (the pace so far over the estimated work left), or None."""
        share = self.share
        if share <= 0 or self.finished:
            return None if not self.finished else 0.0
        return self.elapsed * (1 - share) / share

    def __str__(self) -> str:
        left = self.left
        eta = "" if left is None or self.finished else f", ~{left:.1f} s left"
        extra = ""
        if self.retries or self.speculative or self.replaced:
            extra = f", {self.retries} retried, {self.speculative} speculative, {self.replaced} actors replaced"
        return (
            f"{self.solutions} solutions; prefixes {self.prefixes_done}/{self.prefixes}, "
            f"{100 * self.share:.1f}% of the estimated work done; {self.elapsed:.1f} s{eta}; "
            f"{self.running} running on {self.actors} actors{extra}"
        )


Progress.__module__ = "tessera.ray"


class Dealer:
    """Guided self-scheduling by estimated cost: each batch holds about 1/(factor * workers) of
    the estimated cost not yet handed out, and at least ``smallest`` prefixes (fewer only at the
    end). Prefixes stay in search order; a failed batch's prefixes go back to the front and are
    dealt again, cut to the size of the moment (so a big early batch lost with its worker is
    shared out, not redone whole by one worker at the end)."""

    def __init__(self, costs: Sequence[float], workers: int, smallest: int, factor: float = 2.0):
        # A prefix estimated at 0 nodes still costs a rebuild: count every prefix as at least 1.
        self.weights = [max(1.0, float(c)) for c in costs]
        self.pending = collections.deque(range(len(costs)))
        self.left = math.fsum(self.weights)
        self.share = 1.0 / (factor * workers)
        self.smallest = smallest
        self.empty_plan = not costs  # the whole tree above the cut: one batch, the top alone

    def __bool__(self) -> bool:
        return bool(self.pending) or self.empty_plan

    def take(self) -> list[int]:
        self.empty_plan = False
        target = self.left * self.share
        batch: list[int] = []
        taken = 0.0
        while self.pending and (len(batch) < self.smallest or taken < target):
            index = self.pending.popleft()
            batch.append(index)
            taken += self.weights[index]
        self.left -= taken
        return batch

    def give_back(self, batch: Sequence[int]) -> None:
        self.pending.extendleft(reversed(batch))
        self.left += math.fsum(self.weights[i] for i in batch)
        self.empty_plan = not batch


def batches(costs: Sequence[float], workers: int, smallest: int, factor: float = 2.0) -> list[list[int]]:
    """Every batch :class:`Dealer` deals when nothing fails."""
    dealer = Dealer(costs, workers, smallest, factor)
    dealt = []
    while dealer:
        dealt.append(dealer.take())
    return dealt


def actor_cpus(cpus: float, actors_per_cpu: float) -> tuple[int, float]:
    """The number of actors for ``cpus`` CPUs and the (fractional) CPUs each one reserves: at
    least one actor; the share rounded down to Ray's precision (1/10,000 of a CPU), so that the
    actors always fit on the CPUs (3 actors on 2 CPUs take 0.6666 each, not 0.6667)."""
    if not actors_per_cpu > 0:
        raise ValueError(f"actors_per_cpu is {actors_per_cpu}; expected more than 0")
    size = max(1, round(cpus * actors_per_cpu))
    share = math.floor(10_000 * cpus / size) / 10_000
    return size, max(0.0001, share)


def replacement_due(
    live: int, cpus: float, seconds_left: Optional[float], startup: float, replace: Optional[float]
) -> bool:
    """Whether to start a new actor in place of a dead one, now.

    ``live``: actors started or starting; ``cpus``: the CPUs the pool was made for;
    ``seconds_left``: the estimated wall seconds of the work left at the present pace (None when
    no batch has been measured yet); ``startup``: the seconds an actor took to start (a new
    process importing Ray and tessera); ``replace``: how many start-ups of work must be left.

    - no live actor: always (nothing else can count);
    - fewer live actors than CPUs (a core would idle): when more than one start-up of work is left;
    - else the pool's spare actors keep every core busy, and a new process would take CPU from
      the count while it starts: only when more than ``replace`` start-ups of work are left, to
      keep the pool's strength against the next failures on a long count. ``replace`` None or 0:
      never (but for the two cases above).
    """
    if live <= 0:
        return True
    if seconds_left is None:
        return False
    if live < cpus:
        return seconds_left > startup
    return replace is not None and replace > 0 and seconds_left > replace * startup
