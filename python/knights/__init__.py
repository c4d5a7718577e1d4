"""knights: knight's tour models, counts, tours and CNF for PySAT, from the knights Rust library.

    >>> import knights
    >>> model = knights.Model(board="6x6", closed=True)
    >>> knights.count(model).solutions
    9862
    >>> tour = knights.solve(model)
    >>> knights.verify(model, tour)
    []

Every tour the package hands out has passed the library's verifier, which shares no code
with any engine. See help(knights.Model), help(knights.count), help(knights.enumerate).
"""

from ._native import (
    Cnf,
    CountResult,
    KnightsError,
    Model,
    ModelError,
    Tour,
    TourIterator,
    __version__,
    classify,
    construct_tour,
    count,
    decode,
    enumerate,
    make_puzzle,
    running_enumerations,
    sample,
    solve,
    to_dimacs,
    verify,
)

__all__ = [
    "Cnf",
    "CountResult",
    "KnightsError",
    "Model",
    "ModelError",
    "Tour",
    "TourIterator",
    "__version__",
    "classify",
    "construct_tour",
    "count",
    "decode",
    "enumerate",
    "make_puzzle",
    "running_enumerations",
    "sample",
    "solve",
    "to_dimacs",
    "verify",
]
