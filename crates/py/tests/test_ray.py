"""The Ray example on a real local Ray (``ray.init(num_cpus=2)``): its merged totals equal the
single-process counts for pentominoes on 6x10 (exact cover, from the shared data) and queens 13."""

import importlib.util
from pathlib import Path

import pytest

import tessera

ray = pytest.importorskip("ray", reason="pip install ray (scripts/test-python.sh does)")

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "ray_count.py"


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("ray_count", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield module
    ray.shutdown()


def test_pentominoes_6x10_on_ray_equal_the_single_count(example, data):
    path = str(data("xc/pent6x10.dlx"))
    merged = example.ray_count("xc", path, 16)
    assert merged["solutions"] == 9356 == tessera.ExactCover.from_file(path).count().solutions
    assert merged["shards"] == 16


def test_queens_13_on_ray_equal_the_single_count(example, tmp_path):
    merged = example.ray_count("queens", "13", 32, checkpoints=str(tmp_path / "checkpoints"))
    assert merged["solutions"] == tessera.Queens(13).count().solutions == 73712
    assert len(list((tmp_path / "checkpoints").iterdir())) == 32
