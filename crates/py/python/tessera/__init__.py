"""Tessera: exact cover and grid logic puzzles, solved in Rust.

Exact cover (Knuth's Algorithm X and C, with secondary items and colours):

>>> import tessera
>>> problem = tessera.ExactCover.parse('A B | C\\nA C\\nB\\nA B\\n')
>>> problem.count().solutions
2

Puzzles, every one with the same calls (``solve``, ``count``, ``solutions``, ``verify``; and
``generate`` and ``rate`` for Sudoku, Hidato and the janko.at families ``Killer``, ``KenKen``, ``StarBattle``, and ``Variant``), whose options are keyword-only and the same on
every class: ``engine='auto'``, ``limit=None``, ``threads=1``, ``max_nodes=None``,
``timeout=None``. ``solutions`` is a lazy iterator (``tessera.Solutions``):

>>> tessera.Queens(8).count().solutions
92
>>> next(tessera.Queens(8).solutions())
[0, 4, 7, 5, 2, 6, 1, 3]

Searches release the GIL. ``count`` reports a search that ran out of its budget (``max_nodes``,
``timeout``) in its ``Count`` (``outcome == 'gave-up'``, ``reason`` ``'max-nodes'``,
``'timeout'`` or ``'cancelled'``, as the command line's ``--json`` says); the calls that return
solutions raise ``tessera.GaveUp`` instead. Unreadable text raises ``tessera.ParseError`` (a ``ValueError`` with
``line`` and ``column``); other bad input raises ``ValueError``.
"""

from tessera._tessera import (
    Answer,
    Count,
    ExactCover,
    GaveUp,
    Generated,
    Hidato,
    HidatoRating,
    Hint,
    KenKen,
    Killer,
    MergeError,
    ParseError,
    Plan,
    Queens,
    Rating,
    Registry,
    Solutions,
    StarBattle,
    Step,
    Sudoku,
    SudokuRating,
    Tiling,
    TilingPuzzle,
    Variant,
    Skyscrapers,
    Futoshiki,
    Nonogram,
    Kakuro,
    Takuzu,
    Akari,
    Verdict,
    __version__,
    merge,
)

__all__ = [
    "Answer",
    "Count",
    "ExactCover",
    "GaveUp",
    "Generated",
    "Hidato",
    "HidatoRating",
    "Hint",
    "KenKen",
    "Killer",
    "MergeError",
    "ParseError",
    "Plan",
    "Queens",
    "Rating",
    "Registry",
    "Solutions",
    "StarBattle",
    "Step",
    "Sudoku",
    "SudokuRating",
    "Tiling",
    "TilingPuzzle",
    "Variant",
    "Skyscrapers",
    "Futoshiki",
    "Nonogram",
    "Kakuro",
    "Takuzu",
    "Akari",
    "Verdict",
    "__version__",
    "merge",
]
