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

knights.enumerate is an attribute only: it is left out of __all__, so that
`from knights import *` does not shadow the builtin enumerate. Call it as knights.enumerate.
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
    # Public but not in __all__; "as enumerate" exports it to type checkers all the same.
    enumerate as enumerate,
    make_puzzle,
    running_enumerations,
    sample,
    solve,
    to_dimacs,
    verify,
)

# Not "enumerate": `from knights import *` must leave the builtin alone.
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
    "make_puzzle",
    "running_enumerations",
    "sample",
    "solve",
    "to_dimacs",
    "verify",
]
