"""tessera.Registry and the generators' shaping options (clues, mask, keep_ends): the same file
and the same rules as the command line's --registry, --clues, --mask and --keep-ends."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tessera

# The repository's example mask (a heart of 28 givens), as a user would pass a file's text.
HEART = (Path(__file__).resolve().parents[3] / "examples" / "masks" / "heart.txt").read_text()


def test_registry_catches_equivalent_puzzles(tmp_path):
    path = tmp_path / "published"
    registry = tessera.Registry(path)
    made = tessera.Sudoku.generate(seed=5)
    assert registry.add(made.puzzle, made.solution)
    # The same puzzle with its digits relabelled and its bands turned: equivalent.
    line = made.puzzle.to_line()
    relabelled = "".join("." if c == "." else str(int(c) % 9 + 1) for c in line)
    turned = relabelled[27:] + relabelled[:27]
    other = tessera.Sudoku(turned)
    assert other != made.puzzle
    assert other in registry
    assert not registry.add(other)  # solved here: it has one solution
    assert len(registry) == 1
    # Another handle on the file (another process would see the same) knows it too.
    assert made.puzzle in tessera.Registry(str(path))
    assert path.read_text().splitlines()[0] == "# tessera registry 1"


def test_registry_shares_the_command_lines_file(tmp_path):
    path = tmp_path / "R"
    registry = tessera.Registry(path)
    first = tessera.Sudoku.generate(seed=1)
    registry.add(first.puzzle, first.solution)
    hidato = tessera.Hidato.generate(width=5, height=5, seed=1)
    assert registry.add(hidato.puzzle) and not registry.add(hidato.puzzle)
    command = Path(sys.executable).parent / "tessera"
    if not command.exists():
        if os.environ.get("TESSERA_REQUIRE_CLI") == "1":
            pytest.fail(f"{command} is missing, and TESSERA_REQUIRE_CLI=1")
        pytest.skip(f"{command} is missing (a wheel built without scripts/test-python.sh)")
    cli = subprocess.run(
        [str(command), "sudoku", "generate", "--seed", "1", "--registry", str(path), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert '"seed":2' in cli.stdout  # seed 1's puzzle was registered from Python
    assert len(tessera.Registry(path)) == 3


def test_registry_refuses_bad_files_and_puzzles(tmp_path):
    bad = tmp_path / "bad"
    bad.write_text("# tessera registry 1\nsudoku 3x3 123\n")
    with pytest.raises(ValueError, match="line 2"):
        tessera.Registry(bad)
    registry = tessera.Registry(tmp_path / "good")
    with pytest.raises(ValueError, match="one"):
        registry.add(tessera.Sudoku("." * 81))


def test_generate_clues_and_mask():
    for seed in range(3):
        made = tessera.Sudoku.generate(seed=seed, clues=(30, 32), level="easy")
        assert 30 <= made.puzzle.clues <= 32 and made.difficulty == "easy"
        assert made.puzzle.count().solutions == 1
    exact = tessera.Sudoku.generate(seed=1, clues=28)
    assert exact.puzzle.clues == 28
    masked = tessera.Sudoku.generate(seed=1, mask=HEART)
    rows = [line for line in HEART.splitlines() if not line.startswith("#")]
    mask = [c == "x" for line in rows for c in line]
    assert [d != 0 for d in masked.puzzle.cells] == mask
    assert masked.puzzle.count().solutions == 1
    with pytest.raises(ValueError, match="17"):
        tessera.Sudoku.generate(clues=(10, 12))
    with pytest.raises(ValueError, match="rot180"):
        tessera.Sudoku.generate(mask=HEART, symmetry="rot180")
    with pytest.raises(tessera.GaveUp):
        tessera.Sudoku.generate(clues=18, level="easy", attempts=20)


def test_hidato_keep_ends():
    for seed in range(3):
        made = tessera.Hidato.generate(width=6, height=6, level="hard", keep_ends=True, seed=seed)
        assert made.difficulty == "hard"
        assert 1 in made.puzzle.cells and 36 in made.puzzle.cells
