"""Type stubs of the compiled part of knights (knights._native)."""

import os
from typing import Any, Dict, Iterator, List, Literal, Optional, Sequence, Tuple, Union, final

from typing_extensions import TypeAlias

__all__ = [
    "__version__",
    "ModelError",
    "KnightsError",
    "Model",
    "Tour",
    "CountResult",
    "TourIterator",
    "Cnf",
    "count",
    "solve",
    "enumerate",
    "running_enumerations",
    "sample",
    "classify",
    "construct_tour",
    "verify",
    "make_puzzle",
    "to_dimacs",
    "decode",
]

__version__: str

Cell: TypeAlias = Union[Tuple[int, int], Tuple[int, int, int]]

# The choices, each exactly the names the Rust side accepts (the library's serde names, as
# the CLI's flags spell them); any other string raises ValueError.

# The engine a run asks for (knights::choice::EngineName).
EngineName: TypeAlias = Literal["auto", "sat", "search", "frontier"]
# The engine a CountResult names: the one that ran, or "theorem" when none had to.
EngineRan: TypeAlias = Literal["search", "sat", "frontier", "theorem"]
# The SAT backend (knights::solver::SolverKind).
SolverName: TypeAlias = Literal["cadical", "varisat"]
# How sample() draws tours (knights::sample::Method).
SampleMethod: TypeAlias = Literal["greedy", "warnsdorff", "sat"]
# How a run ended (knights::run::Ending): only "exhausted" gives exact counts.
Ending: TypeAlias = Literal["exhausted", "limit", "timeout", "signal"]
# What one solution is (knights::puzzle::SolutionKind).
SolutionKind: TypeAlias = Literal["numbered", "cycle", "path"]
# How line sums become clauses (knights::encode::pb::PbEncoding).
PbEncoding: TypeAlias = Literal["gte", "dpw", "adder", "group-tree", "mdd", "mdd-lean"]
# How subtours are ruled out (knights::encode::Connectivity).
Connectivity: TypeAlias = Literal["lazy", "ordering"]

class ModelError(ValueError):
    """A model the CLI would refuse: the message names the field, as the CLI's does."""

class KnightsError(RuntimeError):
    """An engine, sampler or decoder failed on a model it accepted."""

@final
class Model:
    """A knight's tour model: a board, a leaper and the rules a tour must meet.

    The keywords are the fields of a model file (models/README.md): leaper, closed, start,
    end, symmetry, sums, required_moves, givens, classes, angles, name, description; rows, cols,
    half_rows, half_cols and diagonals are shorthands for the line sums of [sums].
    """

    def __new__(cls, board: str, **fields: Any) -> "Model": ...
    @staticmethod
    def load(path: Union[str, "os.PathLike[str]"]) -> "Model":
        """Reads a model file (TOML)."""
    @property
    def name(self) -> str: ...
    @property
    def board(self) -> str: ...
    @property
    def closed(self) -> bool: ...
    @property
    def kind(self) -> SolutionKind:
        """What one solution is: "cycle", "path" or "numbered"."""
    @property
    def givens(self) -> List[List[int]]:
        """The given numbers, as [row, col, number] ([layer, row, col, number] in a box)."""
    def to_toml(self) -> str: ...

@final
class Tour:
    """A tour: the cells of a board in visiting order, verified before it reaches Python."""

    @property
    def board(self) -> str: ...
    @property
    def shape_tuple(self) -> Tuple[int, ...]: ...
    @property
    def numbers(self) -> List[int]:
        """The number (1-based) each cell carries, in row-major order."""
    def array(self) -> Any:
        """The numbers as a NumPy array of the board's shape (needs NumPy)."""
    @property
    def order(self) -> List[Cell]: ...
    @property
    def moves(self) -> List[Tuple[Cell, Cell]]:
        """The moves in visiting order, the closing one last when the tour closes."""
    @property
    def is_closed(self) -> bool: ...
    def angles(self) -> Dict[str, int]:
        """How many cells have an acute, right, obtuse and straight angle."""
    def to_json(self) -> str: ...
    def _repr_svg_(self) -> str: ...
    def __len__(self) -> int: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class CountResult:
    """The counts of a run and how it ended; only complete=True counts are exact."""

    solutions: Optional[int]
    """Solutions on the fixed board, exact at any size (a frontier count can pass 2**64);
    None only when the frontier engine stopped (timeout or Ctrl-C) before it had a count."""
    classes: Optional[int]
    """Classes under the model's equivalence; None from the frontier engine, which counts
    without listing."""
    complete: bool
    ending: Ending
    seconds: float
    engine: EngineRan
    kind: SolutionKind
    theorem: Optional[str]
    stats: Dict[str, Any]

@final
class TourIterator(Iterator[Tour]):
    """The lazy stream of a model's solutions; dropping or closing it stops the search."""

    def __iter__(self) -> "TourIterator": ...
    def __next__(self) -> Tour: ...
    def close(self) -> None: ...
    @property
    def summary(self) -> Optional[CountResult]: ...

@final
class Cnf:
    """A model's CNF: DIMACS clauses, the meaning of each primary variable, the file text."""

    clauses: List[List[int]]
    n_vars: int
    variables: Dict[int, Dict[str, Any]]
    dimacs: str

def count(
    model: Model,
    *,
    engine: EngineName = "auto",
    jobs: int = 0,
    timeout: Optional[float] = None,
    solver: Optional[SolverName] = None,
) -> CountResult: ...
def solve(
    model: Model,
    *,
    engine: EngineName = "auto",
    jobs: int = 0,
    timeout: Optional[float] = None,
    solver: Optional[SolverName] = None,
) -> Optional[Tour]: ...
def enumerate(
    model: Model,
    *,
    engine: EngineName = "auto",
    jobs: int = 0,
    timeout: Optional[float] = None,
    limit: Optional[int] = None,
    solver: Optional[SolverName] = None,
) -> TourIterator: ...
def running_enumerations() -> int: ...
def sample(
    model: Model,
    count: int = 1,
    *,
    method: SampleMethod = "warnsdorff",
    seed: int = 0,
    walks: int = 1000,
    solver: SolverName = "cadical",
) -> List[Tour]: ...
def classify(tours: Sequence[Tour]) -> Dict[str, Any]: ...
def construct_tour(
    rows: int,
    cols: int,
    *,
    closed: Optional[bool] = None,
    start: Optional[Tuple[int, int]] = None,
    end: Optional[Tuple[int, int]] = None,
    magic: bool = False,
) -> Tour: ...
def verify(model: Model, tour: Union[Tour, Sequence[int]]) -> List[str]: ...
def make_puzzle(
    model: Model,
    tour: Tour,
    *,
    seed: int = 1,
    trial_nodes: int = 50_000_000,
    trial_timeout: Optional[float] = None,
    jobs: int = 1,
) -> Model:
    """A puzzle made from a solution of the model: the model with as few given numbers as
    the thinning finds, with which the native search finds this tour alone (as `knights
    make-puzzle`). With jobs=1 and no trial_timeout the same call makes the same puzzle on
    any machine."""
def to_dimacs(
    model: Model, *, pb_encoding: Optional[PbEncoding] = None, connectivity: Optional[Connectivity] = None
) -> Cnf: ...
def decode(
    model: Model,
    literals: Sequence[int],
    *,
    pb_encoding: Optional[PbEncoding] = None,
    connectivity: Optional[Connectivity] = None,
) -> Tour: ...
