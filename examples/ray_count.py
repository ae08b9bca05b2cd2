"""Count an instance on Ray with work handed out on demand (tessera.ray), then a checked merge.

    python examples/ray_count.py queens 15                    # a local Ray on every CPU
    python examples/ray_count.py xc problem.dlx --num-cpus 2
    python examples/ray_count.py tiling 6x10 --progress
    python examples/ray_count.py --address auto queens 17     # an existing cluster
    python examples/ray_count.py queens 15 --kill-one-after 0.1   # an actor killed mid-run

The driver reads the instance and plans once; the pickled problem and the plan travel through
Ray's object store (no file system shared with the workers); a pool of actors, ``--actors-per-cpu``
(2) per CPU, takes batches of prefixes, big ones first; a failed batch is retried on the live
actors, a straggler near the end duplicated; and ``tessera.merge`` checks that every prefix was
counted exactly once. Ray's start-up (``ray.init`` and the pool of actors started, so every actor
has imported tessera: ``tessera.ray.warm_up``) is timed apart from the count.
``--kill-one-after S`` kills (SIGKILL) an actor process that is counting a batch S seconds into
the count, on a local Ray (it looks for ``ray::_Counter.count``, the title Ray gives an actor's
process while its method ``count`` runs, among this machine's processes). See docs/scale-ray.md.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time

import ray

import tessera
import tessera.ray


def make(kind: str, what: str):
    """The instance: ``xc FILE`` (Knuth's format), ``queens N`` or ``tiling WxH``."""
    if kind == "xc":
        return tessera.ExactCover.from_file(what)
    if kind == "queens":
        return tessera.Queens(int(what))
    if kind == "tiling":
        return tessera.TilingPuzzle(what)
    raise ValueError(f"unknown kind {kind!r}: expected xc, queens or tiling")


def _parent(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as file:
        return int(file.read().rsplit(")", 1)[1].split()[1])


def _descends_from_me(pid: int) -> bool:
    """A local Ray's workers are children of its raylet, started by this process (ray.init)."""
    try:
        while pid > 1:
            pid = _parent(pid)
            if pid == os.getpid():
                return True
    except (OSError, ValueError, IndexError):
        pass
    return False


# The title of an actor's process while it counts a batch (``ray::CLASS.METHOD``; Ray 2.x).
COUNTING = b"ray::_Counter.count"


def busy_workers() -> list[int]:
    """The process ids of the actors of this process's local Ray that are counting a batch now
    (never another user's Ray on the same machine)."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as file:
                command = file.read()
        except OSError:
            continue
        if command.split(b"\0", 1)[0].strip() == COUNTING and _descends_from_me(int(entry)):
            pids.append(int(entry))
    return pids


def kill_one_worker() -> int | None:
    """Kills one actor that is counting (SIGKILL, as the out-of-memory killer does); its pid."""
    for pid in busy_workers():
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            continue
        return pid
    return None


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=["xc", "queens", "tiling"])
    parser.add_argument("what", help="the .dlx file, the queens' N, or the tiling board WxH")
    parser.add_argument("--address", default=None, help="a Ray cluster's address ('auto': the running one)")
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs of a local Ray (no --address)")
    parser.add_argument("--parts", type=int, default=64, help="the plan's parts (its number of prefixes)")
    parser.add_argument("--batch", type=int, default=None, help="the fewest prefixes in a batch")
    parser.add_argument("--max-retries", type=int, default=3)
    parser.add_argument("--actors-per-cpu", type=float, default=2.0,
                        help="counting actors per CPU (2: the cores stay busy when one dies)")
    parser.add_argument("--progress", action="store_true", help="a line on standard error every second")
    parser.add_argument("--kill-one-after", type=float, default=None, metavar="S",
                        help="kill a counting actor S seconds into the count (local Ray only)")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    if args.address is None:
        ray.init(num_cpus=args.num_cpus, include_dashboard=False, log_to_driver=False)
    else:
        ray.init(address=args.address, log_to_driver=False)
    initialised = time.perf_counter()
    tessera.ray.warm_up(actors_per_cpu=args.actors_per_cpu)
    warm = time.perf_counter()

    problem = make(args.kind, args.what)
    killed: list[int | None] = []
    timer = None
    if args.kill_one_after is not None:
        def kill() -> None:
            # Tries for a second: the kill must land on an actor that is counting.
            for _ in range(100):
                pid = kill_one_worker()
                if pid is not None:
                    killed.append(pid)
                    return
                time.sleep(0.01)
            killed.append(None)

        timer = threading.Timer(args.kill_one_after, kill)
        timer.start()
    counting = time.perf_counter()
    merged = tessera.ray.count(
        problem, batch=args.batch, parts=args.parts, progress=args.progress or None,
        max_retries=args.max_retries, actors_per_cpu=args.actors_per_cpu,
    )
    seconds = time.perf_counter() - counting
    if timer is not None:
        timer.cancel()
    tessera.ray.release()
    schedule = merged["schedule"]
    print(merged["solutions"])
    print(
        f"count {seconds:.2f} s wall (plan {schedule['plan_seconds']:.3f} s) on {schedule['workers']} "
        f"CPUs, {schedule['actors']} actors: {merged['prefixes']} prefixes in {schedule['batches']} "
        f"batches, {schedule['tasks']} calls, {schedule['retries']} retried, {schedule['replaced']} "
        f"actors replaced, {schedule['speculative']} speculative ({schedule['speculative_won']} won), "
        f"{merged['nodes']} nodes; Ray start-up {warm - start:.2f} s (ray.init "
        f"{initialised - start:.2f} s, actors started {warm - initialised:.2f} s)",
        file=sys.stderr,
    )
    if args.kill_one_after is not None:
        if not killed:
            what = "the count ended first"
        elif killed[0] is None:
            what = "no actor was counting"
        else:
            what = f"killed actor pid {killed[0]}"
        print(f"--kill-one-after {args.kill_one_after}: {what}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
