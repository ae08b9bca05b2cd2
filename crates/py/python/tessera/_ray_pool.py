"""The pool of counting actors of :mod:`tessera.ray` (Ray imported only when one is made)."""

from __future__ import annotations

import os
import pickle
import time
from typing import Any, Optional

import tessera
from tessera._ray_schedule import RayCountError, actor_cpus

__all__ = ["Pool", "workers"]


class _Counter:
    """The actor: counts batches of a plan's prefixes, keeping the problem and plan it rebuilt
    last (a count's references come inside a list, so Ray does not fetch them for every call).
    Its process is titled ``ray::_Counter.count`` while it counts (``ray::_Counter`` idle)."""

    def __init__(self) -> None:
        self.key: Optional[str] = None
        self.problem: Any = None
        self.plan: Any = None

    def ready(self) -> int:
        return os.getpid()

    def count(self, refs: list, indices: list[int], top: bool) -> dict:
        import ray

        key = "/".join(ref.hex() for ref in refs)
        if self.key != key:
            problem_bytes, plan_json = ray.get(refs)
            self.key, self.problem, self.plan = None, None, None
            self.problem, self.plan = pickle.loads(problem_bytes), tessera.Plan.from_json(plan_json)
            self.key = key
        return self.problem.count_prefixes(self.plan, indices, top=top)


_REMOTE: dict[str, Any] = {}


def _counter_class() -> Any:
    """The Ray actor class of :class:`_Counter`, made once (Ray imported only here)."""
    import ray

    if "counter" not in _REMOTE:
        # Ray's own restarts and retries are off: count() replaces actors and retries batches.
        _REMOTE["counter"] = ray.remote(max_restarts=0, max_task_retries=0)(_Counter)
    return _REMOTE["counter"]


def _init_ray() -> Any:
    import ray

    if not ray.is_initialized():
        ray.init()
    return ray


def workers() -> int:
    """The number of CPUs of the Ray cluster, at least 1."""
    ray = _init_ray()
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _session() -> tuple[str, str]:
    """Which Ray the driver is on (a pool's actors die with the job that made them)."""
    context = _init_ray().get_runtime_context()
    return context.get_job_id(), context.get_node_id()


class Pool:
    """A fixed pool of counting actors: ``actors_per_cpu`` per CPU of the cluster (or of
    ``cpus``), each reserving its share of a CPU (``num_cpus=0.5`` for 2 per CPU).

    Why more actors than CPUs: each actor is a process, and Ray needs more than a second (a new
    Python process importing Ray and tessera) to start one in place of a dead one. With two per
    CPU the operating system shares each core between two actors, at little cost to the count,
    and when one is killed the other takes its core at once, and its batch goes to the next
    actor free. ``actors_per_cpu=1`` gives one process per core (a kill then idles a core until a
    new actor has started).

    The actors start asynchronously; :meth:`wait` waits for them. The pool holds its CPUs (no
    other Ray task or pool can have them) until :meth:`close`; it is a context manager. The
    default pool of :func:`tessera.ray.warm_up` holds every CPU of the cluster: end it with
    :func:`tessera.ray.release` before making another.
    """

    def __init__(self, actors_per_cpu: float = 2.0, *, cpus: Optional[float] = None):
        self.cpus = float(cpus) if cpus is not None else float(workers())
        self.actors_per_cpu = actors_per_cpu
        self.size, self.share = actor_cpus(self.cpus, actors_per_cpu)
        self.session = _session()
        self.actors: dict[int, Any] = {}  # started, alive as far as is known
        self.pids: dict[int, int] = {}
        self.starting: dict[Any, tuple[int, Any, float]] = {}  # ready() reference: id, handle, since
        self.busy: dict[int, Any] = {}  # an actor's call not yet back
        self.startup: Optional[float] = None  # the slowest start-up seen, seconds
        self.started = 0
        self.start_failures = 0
        for _ in range(self.size):
            self.start()

    def __enter__(self) -> "Pool":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    @property
    def live(self) -> int:
        """Actors started or starting."""
        return len(self.actors) + len(self.starting)

    def start(self) -> None:
        """Starts one more actor; it joins the pool when its ``ready`` call is back."""
        handle = _counter_class().options(num_cpus=self.share).remote()
        self.starting[handle.ready.remote()] = (self.started, handle, time.perf_counter())
        self.started += 1

    def on_started(self, ref: Any) -> bool:
        """Takes in the actor whose ``ready`` reference is ``ref`` (back); False if it failed."""
        import ray

        index, handle, since = self.starting.pop(ref)
        try:
            pid = ray.get(ref)
        except ray.exceptions.RayError:
            self.start_failures += 1
            _kill(handle)
            return False
        seconds = time.perf_counter() - since
        self.startup = seconds if self.startup is None else max(self.startup, seconds)
        self.actors[index] = handle
        self.pids[index] = pid
        return True

    def idle(self) -> list[int]:
        return [i for i in self.actors if i not in self.busy]

    def submit(self, index: int, *args: Any) -> Any:
        ref = self.actors[index].count.remote(*args)
        self.busy[index] = ref
        return ref

    def back(self, index: int, dead: bool) -> None:
        """Actor ``index``'s call is back; ``dead``: its actor died (it leaves the pool)."""
        self.busy.pop(index, None)
        if dead:
            _kill(self.actors.pop(index, None))
            self.pids.pop(index, None)

    def wait(self, timeout: Optional[float] = None) -> list[int]:
        """Waits for the actors starting (at most ``timeout`` seconds); the process ids of the
        pool's actors. Raises :class:`RayCountError` if none could start."""
        ray = _init_ray()
        deadline = None if timeout is None else time.perf_counter() + timeout
        while self.starting:
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            ready, _ = ray.wait(list(self.starting), num_returns=len(self.starting), timeout=left)
            for ref in ready:
                self.on_started(ref)
            if not ready:
                break
        if not self.actors:
            raise RayCountError(f"none of the pool's {self.size} actors started")
        return sorted(self.pids.values())

    def close(self) -> None:
        """Kills the actors (their CPUs go back to Ray)."""
        for _, handle, _ in self.starting.values():
            _kill(handle)
        for handle in self.actors.values():
            _kill(handle)
        self.starting.clear()
        self.actors.clear()
        self.busy.clear()
        self.pids.clear()


def _kill(handle: Any) -> None:
    import ray

    if handle is not None:
        try:
            ray.kill(handle, no_restart=True)
        except Exception:  # already dead, or Ray shut down
            pass
