"""The documentation stays true: every docstring example, the README's Python blocks, and the
signatures ``help()`` shows."""

import doctest
import inspect
import pydoc
import re
from pathlib import Path

import pytest

import tessera

README = Path(__file__).resolve().parents[3] / "README.md"
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def documented():
    """Every public object with a docstring: the package, its classes and their members."""
    yield "tessera", tessera
    for name in tessera.__all__:
        obj = getattr(tessera, name)
        if not inspect.isclass(obj):
            continue
        yield name, obj
        for member, value in vars(obj).items():
            if not member.startswith("_") and getattr(value, "__doc__", None):
                yield f"{name}.{member}", value


@pytest.mark.parametrize("name, obj", list(documented()), ids=lambda v: v if isinstance(v, str) else "")
def test_docstring_examples(name, obj):
    doc = inspect.getdoc(obj) or ""
    test = doctest.DocTestParser().get_doctest(doc, {"tessera": tessera}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} failing example(s) in {name}'s docstring"


def test_every_public_class_and_method_has_a_docstring():
    missing = [name for name, obj in documented() if not (inspect.getdoc(obj) or "").strip()]
    for name in tessera.__all__:
        obj = getattr(tessera, name)
        if inspect.isclass(obj):
            for member, value in vars(obj).items():
                if not member.startswith("_") and callable(value) and not inspect.getdoc(value):
                    missing.append(f"{name}.{member}")
    assert missing == []


def test_help_shows_the_arguments():
    text = pydoc.render_doc(tessera.Sudoku, renderer=pydoc.plaintext)
    common = "engine='auto', limit=None, threads=1, max_nodes=None, timeout=None"
    assert "solve(self, /, *, engine='auto', threads=1, max_nodes=None, timeout=None)" in text
    assert f"count(self, /, *, {common})" in text
    assert f"solutions(self, /, *, {common})" in text
    assert "generate(*, size=None, level=None, seed=0, symmetry='none'" in text
    assert "Sudoku(text)" in text
    assert ">>> puzzle = tessera.Sudoku(" in text
    xc = pydoc.render_doc(tessera.ExactCover, renderer=pydoc.plaintext)
    assert f"count(self, /, *, {common})" in xc
    assert f"solutions(self, /, *, {common}, seed=None, names=False)" in xc
    for cls in (tessera.Queens, tessera.Hidato, tessera.TilingPuzzle):
        assert f"solutions(self, /, *, {common})" in pydoc.render_doc(cls, renderer=pydoc.plaintext)


def readme_python_blocks():
    if not README.exists():
        pytest.skip(f"{README} is not here (an installed copy of the tests)")
    return re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)


def test_readme_python_blocks_run():
    blocks = readme_python_blocks()
    assert len(blocks) >= 5
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
