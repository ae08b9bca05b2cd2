"""Type stubs of the compiled module ``tessera._tessera`` (re-exported by ``tessera``)."""

import os
from typing import Any, Callable, Final, Generic, Iterator, Literal, Mapping, Optional, Sequence, Tuple, TypeVar, Union, final, overload, type_check_only

from typing_extensions import Self, TypedDict, Unpack

__all__ = [
    "Count",
    "Generated",
    "Verdict",
    "GaveUp",
    "ParseError",
    "Hidato",
    "HidatoRating",
    "Killer",
    "KenKen",
    "StarBattle",
    "Variant",
    "Skyscrapers",
    "Futoshiki",
    "Nonogram",
    "Kakuro",
    "Takuzu",
    "Akari",
    "Answer",
    "Step",
    "Rating",
    "Queens",
    "Registry",
    "Hint",
    "Sudoku",
    "SudokuRating",
    "Tiling",
    "TilingPuzzle",
    "ExactCover",
    "Solutions",
    "MergeError",
    "Plan",
    "merge",
    "__version__",
]

__version__: str

_Outcome = Literal["exhausted", "limit-reached", "gave-up"]
_Reason = Literal["max-nodes", "timeout", "cancelled"]
_ItemSpec = Union[str, Tuple[str, str]]
_S = TypeVar("_S")

@type_check_only
class _Budget(TypedDict, total=False):
    """The budget every search, rating and generator takes, by keyword: ``max_nodes`` search nodes
    and ``timeout`` seconds (``None``, the default, is no limit)."""

    max_nodes: Optional[int]
    timeout: Optional[float]

@type_check_only
class _Threads(_Budget, total=False):
    """The budget and ``threads`` (default 1; 0: one per CPU): what every search and ``plan`` takes."""

    threads: int

@type_check_only
class _Run(_Threads, total=False):
    """The keyword options of every shard run (``count_shard``, ``count_part``, ``count_prefixes``),
    the shard flags of the Rust ``ShardCall``: those of ``plan`` and a ``checkpoint`` file (default
    ``None``: none) saved every ``checkpoint_every`` seconds (default 30.0)."""

    checkpoint: Optional[Union[str, os.PathLike[str]]]
    checkpoint_every: float

@type_check_only
class _Searches(Generic[_S]):
    """The searches every class has, with the same keyword-only options (written once in Rust
    by ``python_class!``; not a class at runtime)."""

    def solve(self, *, engine: str = "auto", **options: Unpack[_Threads]) -> Optional[_S]: ...
    def count(
        self, *, engine: str = "auto", limit: Optional[int] = None, **options: Unpack[_Threads]
    ) -> Count: ...
    def solutions(
        self, *, engine: str = "auto", limit: Optional[int] = None, **options: Unpack[_Threads]
    ) -> Solutions[_S]: ...

@type_check_only
class _Shards:
    """``count_shard`` as the classes with a shard tree have it."""

    def count_shard(self, index: int, of: int, **options: Unpack[_Run]) -> dict[str, Any]: ...
    def plan(self, parts: int, **options: Unpack[_Threads]) -> Plan: ...
    def count_part(self, plan: Plan, part: int, **options: Unpack[_Run]) -> dict[str, Any]: ...
    def count_prefixes(
        self, plan: Plan, indices: Sequence[int], *, top: Optional[bool] = None, **options: Unpack[_Run]
    ) -> dict[str, Any]: ...

@final
class Plan:
    parts: Final[int]
    kind: Final[str]
    engine: Final[str]
    costs: Final[list[float]]
    owners: Final[list[int]]
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> Plan: ...
    def prefixes_of(self, part: int) -> list[int]: ...
    def __len__(self) -> int: ...

class ParseError(ValueError):
    line: int
    column: int
    message: str

class MergeError(ValueError): ...

def merge(manifests: Sequence[Union[dict[str, Any], str]]) -> dict[str, Any]: ...

class GaveUp(Exception):
    reason: _Reason
    count: Optional[Count]

@final
class Count:
    solutions: Final[int]
    outcome: Final[_Outcome]
    reason: Final[Optional[_Reason]]
    exact: Final[bool]
    nodes: Final[int]
    updates: Final[int]
    seconds: Final[float]
    def __int__(self) -> int: ...

@final
class Verdict:
    valid: Final[bool]
    violations: Final[list[str]]
    def __bool__(self) -> bool: ...

@final
class Generated:
    puzzle: Final[Any]
    solution: Final[Any]
    seed: Final[int]
    difficulty: Final[Optional[str]]
    attempts: Final[int]

@final
class Registry:
    def __new__(cls, path: Union[str, os.PathLike[str]]) -> Registry: ...
    def add(self, puzzle: Union[Sudoku, Hidato], solution: Optional[Sudoku] = None) -> bool: ...
    def __contains__(self, puzzle: object, /) -> bool: ...
    def __len__(self) -> int: ...
    @property
    def path(self) -> str: ...

@final
class ExactCover(_Searches[list[int]]):
    def __new__(
        cls,
        items: Sequence[str],
        options: Sequence[Sequence[_ItemSpec]],
        secondary: Optional[Sequence[str]] = None,
        bounds: Optional[Mapping[str, Union[int, tuple[int, int]]]] = None,
    ) -> ExactCover: ...
    @staticmethod
    def parse(text: str) -> ExactCover: ...
    @staticmethod
    def from_file(path: Union[str, os.PathLike[str]]) -> ExactCover: ...
    @staticmethod
    def from_matrix(matrix: Any, secondary: int = 0, items: Optional[Sequence[str]] = None) -> ExactCover: ...
    items: Final[list[str]]
    secondary: Final[list[str]]
    bounds: Final[dict[str, tuple[int, int]]]
    option_count: Final[int]
    def option(self, index: int) -> list[str]: ...
    def to_text(self) -> str: ...
    def is_solution(self, options: Sequence[int]) -> bool: ...
    def count_shard(self, index: int, of: int, *, engine: str = "auto", **options: Unpack[_Run]) -> dict[str, Any]: ...
    def plan(self, parts: int, *, engine: str = "auto", **options: Unpack[_Threads]) -> Plan: ...
    def count_part(self, plan: Plan, part: int, *, engine: str = "auto", **options: Unpack[_Run]) -> dict[str, Any]: ...
    def count_prefixes(
        self,
        plan: Plan,
        indices: Sequence[int],
        *,
        top: Optional[bool] = None,
        engine: str = "auto",
        **options: Unpack[_Run],
    ) -> dict[str, Any]: ...
    def estimate(
        self, *, engine: str = "auto", probes: int = 1000, seed: int = 1, measure: float = 1.0
    ) -> dict[str, Any]: ...
    def trace(
        self,
        callback: Callable[[dict[str, Any]], Optional[bool]],
        *,
        limit: Optional[int] = None,
        seed: Optional[int] = None,
        **budget: Unpack[_Budget],
    ) -> Count: ...
    # Overloads keep the budget written out: stubtest does not expand a TypedDict in them.
    @overload
    def first(
        self,
        *,
        engine: str = "auto",
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
        seed: Optional[int] = None,
        names: Literal[False] = False,
    ) -> Optional[list[int]]: ...
    @overload
    def first(
        self,
        *,
        engine: str = "auto",
        max_nodes: Optional[int] = None,
        timeout: Optional[float] = None,
        seed: Optional[int] = None,
        names: Literal[True],
    ) -> Optional[list[list[str]]]: ...
    def solutions(
        self,
        *,
        engine: str = "auto",
        limit: Optional[int] = None,
        seed: Optional[int] = None,
        names: bool = False,
        **options: Unpack[_Threads],
    ) -> Solutions[Any]: ...

@final
class Solutions(Iterator[_S], Generic[_S]):
    """Yields solutions as the class's ``solve`` returns them (``ExactCover``: option numbers,
    or lists of item names with ``names=True``)."""

    def __iter__(self) -> Solutions[_S]: ...
    def __next__(self) -> _S: ...
    count: Final[Optional[Count]]
    def finish(self) -> Optional[Count]: ...
    def close(self) -> None: ...

@final
class Sudoku(_Searches[Sudoku]):
    def __new__(cls, text: str) -> Sudoku: ...
    @staticmethod
    def parse(text: str) -> Sudoku: ...
    @staticmethod
    def parse_many(text: str) -> list[Sudoku]: ...
    size: Final[int]
    cells: Final[list[int]]
    clues: Final[int]
    layout: Final[str]
    is_solved: Final[bool]
    def to_line(self) -> str: ...
    def to_grid(self) -> str: ...
    def to_json(self) -> str: ...
    def verify(self, answer: Union[Sudoku, str]) -> Verdict: ...
    def rate(self, **budget: Unpack[_Budget]) -> SudokuRating: ...
    def hint(self) -> Optional[Hint]: ...
    @staticmethod
    def generate(
        *,
        size: Optional[int] = None,
        level: Optional[str] = None,
        seed: int = 0,
        symmetry: str = "none",
        boxes: Optional[str] = None,
        x: bool = False,
        minimal: bool = False,
        clues: Union[int, tuple[int, int], None] = None,
        mask: Optional[str] = None,
        attempts: Optional[int] = None,
        **budget: Unpack[_Budget],
    ) -> Generated: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class SudokuRating:
    difficulty: str
    score: int
    se: float
    hardest: Optional[str]
    steps: int
    guesses: int
    techniques: list[Tuple[str, int]]
    solved: bool

@final
class Hint:
    technique: str
    placements: list[Tuple[int, int, int]]
    eliminations: list[Tuple[int, int, int]]
    cells: list[Tuple[int, int]]
    explanation: str
    chain: list[Tuple[int, int, int]]

@final
class Hidato(_Searches[Hidato]):
    def __new__(cls, text: str, adjacency: str = "hidato") -> Hidato: ...
    @staticmethod
    def parse(text: str, adjacency: str = "hidato") -> Hidato: ...
    @staticmethod
    def parse_many(text: str, adjacency: str = "hidato") -> list[Hidato]: ...
    @staticmethod
    def from_cells(
        cells: Union[Sequence[int], Sequence[Sequence[int]]],
        width: Optional[int] = None,
        height: Optional[int] = None,
        adjacency: str = "hidato",
    ) -> Hidato: ...
    width: Final[int]
    height: Final[int]
    cells: Final[list[int]]
    rows: Final[list[list[int]]]
    adjacency: Final[Literal["hidato", "numbrix"]]
    size: Final[int]
    givens: Final[int]
    def to_text(self) -> str: ...
    def to_json(self) -> str: ...
    def verify(self, answer: Union[Hidato, str]) -> Verdict: ...
    def rate(self) -> HidatoRating: ...
    @staticmethod
    def generate(
        *,
        width: Optional[int] = None,
        height: Optional[int] = None,
        level: Optional[str] = None,
        seed: int = 0,
        adjacency: str = "hidato",
        shape: Optional[Hidato] = None,
        keep_ends: bool = False,
        **budget: Unpack[_Budget],
    ) -> Generated: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class HidatoRating:
    difficulty: str
    score: int
    hardest: Optional[str]
    steps: int
    solved: bool
    contradiction: bool

@final
class TilingPuzzle(_Searches[Tiling]):
    def __new__(
        cls, board: str = "6x10", pieces: str = "pentominoes", motion: Optional[str] = None
    ) -> TilingPuzzle: ...
    width: Final[int]
    height: Final[int]
    pieces: Final[list[str]]
    placement_count: Final[int]
    def count(
        self,
        *,
        engine: str = "auto",
        limit: Optional[int] = None,
        distinct: bool = False,
        **options: Unpack[_Threads],
    ) -> Count: ...
    def count_shard(self, index: int, of: int, *, symmetry: bool = True, **options: Unpack[_Run]) -> dict[str, Any]: ...
    def plan(self, parts: int, *, symmetry: bool = True, **options: Unpack[_Threads]) -> Plan: ...
    def count_part(
        self, plan: Plan, part: int, *, symmetry: bool = True, **options: Unpack[_Run]
    ) -> dict[str, Any]: ...
    def count_prefixes(
        self,
        plan: Plan,
        indices: Sequence[int],
        *,
        top: Optional[bool] = None,
        symmetry: bool = True,
        **options: Unpack[_Run],
    ) -> dict[str, Any]: ...
    def verify(self, answer: Tiling) -> Verdict: ...

@final
class Tiling:
    placements: Final[list[Tuple[str, list[Tuple[int, int]]]]]
    def render(self, color: bool = False) -> str: ...
    def __len__(self) -> int: ...

@final
class Queens(_Searches[list[int]], _Shards):
    def __new__(cls, n: int) -> Queens: ...
    n: Final[int]
    def verify(self, answer: Sequence[int]) -> Verdict: ...
    @staticmethod
    def render(columns: Sequence[int]) -> str: ...

@final
class Answer:
    """A solved grid of a family (Killer, KenKen, Star Battle, Variant)."""

    width: Final[int]
    height: Final[int]
    rows: Final[list[list[int]]]
    text: Final[str]
    def __eq__(self, value: object, /) -> bool: ...

@final
class Step:
    technique: Final[str]
    explanation: Final[str]
    placed: Final[list[tuple[int, int]]]
    removed: Final[list[tuple[int, int]]]
    cells: Final[list[int]]

@final
class Rating:
    level: Final[str]
    score: Final[int]
    hardest: Final[Optional[str]]
    steps: Final[list[Step]]
    solved: Final[bool]
    contradiction: Final[bool]

@type_check_only
class _Family(_Searches[Answer]):
    """What every janko.at family's class has (written once in Rust by ``family_class!``)."""

    def __new__(cls, text: str) -> Self: ...
    width: Final[int]
    height: Final[int]
    def verify(self, answer: Union[Answer, str]) -> Verdict: ...
    def to_text(self) -> str: ...
    def rate(self, **budget: Unpack[_Budget]) -> Rating: ...
    def hint(self) -> Optional[Step]: ...

@final
class KenKen(_Family):
    @staticmethod
    def parse_many(text: str) -> list[KenKen]: ...
    @staticmethod
    def generate(
        *,
        size: int = 6,
        level: Optional[str] = None,
        seed: int = 0,
        hidden_operations: bool = False,
        **budget: Unpack[_Budget],
    ) -> Generated: ...

@final
class StarBattle(_Family):
    @staticmethod
    def parse_many(text: str) -> list[StarBattle]: ...
    @staticmethod
    def generate(
        *,
        size: int = 10,
        stars: int = 2,
        level: Optional[str] = None,
        seed: int = 0,
        **budget: Unpack[_Budget],
    ) -> Generated: ...

@final
class Killer(_Family):
    @staticmethod
    def parse_many(text: str) -> list[Killer]: ...
    @staticmethod
    def generate(
        *,
        size: int = 9,
        level: Optional[str] = None,
        seed: int = 0,
        **budget: Unpack[_Budget],
    ) -> Generated: ...

@final
class Variant(_Family):
    @staticmethod
    def parse_many(text: str) -> list[Variant]: ...
    @staticmethod
    def from_fpuzzles(text: str) -> Variant: ...
    @staticmethod
    def from_link(url: str) -> Variant: ...
    def to_json(self) -> str: ...
    def to_fpuzzles(self) -> str: ...
    def to_link(self) -> str: ...
    size: Final[int]
    @staticmethod
    def generate(
        *,
        size: int = 9,
        template: Optional[str] = None,
        level: Optional[str] = None,
        seed: int = 0,
        **budget: Unpack[_Budget],
    ) -> Generated: ...

@final
class Skyscrapers(_Family):
    @staticmethod
    def parse_many(text: str) -> list[Skyscrapers]: ...
    def to_json(self) -> str: ...
    def to_url(self) -> str: ...
    size: Final[int]
    @staticmethod
    def generate(
        *,
        size: int = 5,
        level: Optional[str] = None,
        seed: int = 0,
        **budget: Unpack[_Budget],
    ) -> Generated: ...

@final
class Futoshiki(_Family):
    @staticmethod
    def parse_many(text: str) -> list[Futoshiki]: ...
    def to_json(self) -> str: ...
    size: Final[int]
    @staticmethod
    def generate(
        *,
        size: int = 5,
        level: Optional[str] = None,
        seed: int = 0,
        **budget: Unpack[_Budget],
    ) -> Generated: ...

@final
class Kakuro(_Family):
    @staticmethod
    def parse_many(text: str) -> list[Kakuro]: ...
    def to_json(self) -> str: ...
    def to_url(self) -> str: ...
    @staticmethod
    def generate(
        *,
        size: int = 10,
        level: Optional[str] = None,
        seed: int = 0,
        **budget: Unpack[_Budget],
    ) -> Generated: ...

@final
class Nonogram(_Family):
    @staticmethod
    def parse_many(text: str) -> list[Nonogram]: ...
    def to_json(self) -> str: ...
    def to_url(self) -> str: ...
    row_clues: Final[list[list[int]]]
    column_clues: Final[list[list[int]]]
    @staticmethod
    def generate(
        *,
        size: int = 10,
        level: Optional[str] = None,
        seed: int = 0,
        **budget: Unpack[_Budget],
    ) -> Generated: ...

@final
class Takuzu(_Family):
    @staticmethod
    def parse_many(text: str) -> list[Takuzu]: ...
    def to_json(self) -> str: ...
    def to_game_id(self) -> str: ...
    distinct: Final[bool]
    @staticmethod
    def generate(
        *,
        size: int = 8,
        level: Optional[str] = None,
        seed: int = 0,
        distinct: bool = True,
        **budget: Unpack[_Budget],
    ) -> Generated: ...

@final
class Akari(_Family):
    @staticmethod
    def parse_many(text: str) -> list[Akari]: ...
    def to_json(self) -> str: ...
    def to_url(self) -> str: ...
    @staticmethod
    def generate(
        *,
        size: int = 10,
        level: Optional[str] = None,
        seed: int = 0,
        **budget: Unpack[_Budget],
    ) -> Generated: ...
