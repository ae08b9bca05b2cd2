"""Count an instance on a Ray cluster: one Ray task per shard, then a checked merge.

    python examples/ray_count.py --shards 64 xc problem.dlx
    python examples/ray_count.py --shards 64 queens 15
    python examples/ray_count.py --shards 16 tiling 6x10
    python examples/ray_count.py --address auto --shards 256 xc big.dlx   # an existing cluster

Every shard cuts the search tree the same way (a deterministic split balanced by Knuth's
estimates), so a task can run on any worker, be retried by Ray after a crash, and still count
exactly its share; ``tessera.merge`` refuses to add up unless every shard came back exactly once.
With ``--checkpoints DIR`` (a folder every worker can reach) a retried task resumes where the
failed one stopped instead of starting over. See docs/scale.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import ray

import tessera


def make(kind: str, what: str):
    """The instance: ``xc FILE`` (Knuth's format), ``queens N`` or ``tiling WxH``."""
    if kind == "xc":
        return tessera.ExactCover.from_file(what)
    if kind == "queens":
        return tessera.Queens(int(what))
    if kind == "tiling":
        return tessera.TilingPuzzle(what)
    raise ValueError(f"unknown kind {kind!r}: expected xc, queens or tiling")


@ray.remote(max_retries=3)
def count_shard(kind: str, what: str, index: int, of: int, checkpoints: str | None) -> dict:
    """Shard ``index`` of ``of``: its manifest (a plain dict, so it travels as Ray's result)."""
    checkpoint = None if checkpoints is None else os.path.join(checkpoints, f"shard-{index}.ckpt")
    return make(kind, what).count_shard(index, of, checkpoint=checkpoint, checkpoint_every=10.0)


def ray_count(kind: str, what: str, shards: int, checkpoints: str | None = None) -> dict:
    """Maps the shards to Ray tasks and merges their manifests; returns ``tessera.merge``'s dict."""
    if checkpoints is not None:
        os.makedirs(checkpoints, exist_ok=True)
    tasks = [count_shard.remote(kind, what, index, shards, checkpoints) for index in range(shards)]
    return tessera.merge(ray.get(tasks))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=["xc", "queens", "tiling"])
    parser.add_argument("what", help="the .dlx file, the queens' N, or the tiling board WxH")
    parser.add_argument("--shards", type=int, default=64)
    parser.add_argument("--address", default=None, help="a Ray cluster's address ('auto': the running one)")
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs of a local Ray (no --address)")
    parser.add_argument("--checkpoints", default=None, help="a folder shared by the workers")
    args = parser.parse_args(argv)
    if args.address is None:
        ray.init(num_cpus=args.num_cpus)
    else:
        ray.init(address=args.address)
    start = time.perf_counter()
    merged = ray_count(args.kind, args.what, args.shards, args.checkpoints)
    seconds = time.perf_counter() - start
    shard_seconds = merged["seconds"]
    print(merged["solutions"])
    print(
        f"{merged['shards']} shards, {merged['prefixes']} prefixes, {merged['nodes']} nodes, "
        f"{seconds:.2f} s wall; slowest shard {max(shard_seconds):.2f} s, "
        f"mean {sum(shard_seconds) / len(shard_seconds):.2f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
