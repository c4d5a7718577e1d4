"""Typed use of the package, for `mypy --strict python/tests/typed_usage.py` (CI runs it).

Not a pytest module: the functions are only type-checked, never called. Each call passes
choices as literals, so a stub that lost a Literal or a return type fails the check; the
`type: ignore` lines are calls the stubs must refuse (under --strict an ignore that is not
needed is itself an error, so they fail the check if a choice widens back to str).
"""

from typing import Dict, Iterator, List, Optional

import knights
from knights import CountResult, Model, Tour


def counting() -> Optional[int]:
    model: Model = knights.Model(board="6x6", closed=True)
    result: CountResult = knights.count(model, engine="search", jobs=1, timeout=10.0)
    exact: bool = result.complete and result.ending == "exhausted"
    if result.engine == "frontier" or not exact:
        return None
    frontier = knights.count(model, engine="frontier")
    solutions: Optional[int] = frontier.solutions
    if solutions is not None:
        doubled: int = solutions * 2  # an int, never a string of digits
        assert doubled > 0
    classes: Optional[int] = result.classes
    sat = knights.count(model, engine="sat", solver="varisat")
    return sat.solutions if classes is None else classes


def solving() -> List[str]:
    model = knights.Model(board="8x8", rows=260, cols=260)
    tour: Optional[Tour] = knights.solve(model, engine="auto", solver="cadical", timeout=60)
    if tour is None:
        return []
    numbers: List[int] = tour.numbers
    angles: Dict[str, int] = tour.angles()
    assert len(numbers) == len(tour) and angles["right"] >= 0
    return knights.verify(model, tour)


def enumerating() -> int:
    model = knights.Model(board="5x5")
    tours: Iterator[Tour] = knights.enumerate(model, engine="search", limit=10)
    seen = sum(1 for _ in tours)
    iterator = knights.enumerate(model, engine="sat", solver="cadical", timeout=1.0)
    for tour in iterator:
        assert tour.is_closed in (True, False)
    summary = iterator.summary
    return seen if summary is None or summary.solutions is None else summary.solutions


def tools() -> knights.Model:
    model = knights.Model(board="6x6", closed=True)
    sampled: List[Tour] = knights.sample(model, 3, method="sat", solver="cadical", seed=7)
    greedy = knights.sample(model, method="greedy")
    classes = knights.classify(sampled + greedy)
    assert isinstance(classes, dict)
    big: Tour = knights.construct_tour(50, 50, closed=True)
    assert big.board == "50x50" and model.kind in ("cycle", "path", "numbered")
    return knights.make_puzzle(model, sampled[0], seed=1, jobs=1)


def cnf() -> Tour:
    model = knights.Model(board="6x6", rows=111)
    cnf: knights.Cnf = knights.to_dimacs(model, pb_encoding="mdd-lean", connectivity="ordering")
    clauses: List[List[int]] = cnf.clauses
    assert cnf.n_vars >= len(clauses) or clauses
    return knights.decode(model, [1, -2], pb_encoding="group-tree", connectivity="lazy")


def refused() -> None:
    model = knights.Model(board="5x5")
    knights.count(model, engine="fast")  # type: ignore[arg-type]
    knights.solve(model, solver="minisat")  # type: ignore[arg-type]
    knights.sample(model, method="random")  # type: ignore[arg-type]
    knights.to_dimacs(model, pb_encoding="totalizer")  # type: ignore[arg-type]
    text: str = knights.count(model).solutions  # type: ignore[assignment]
    assert text
