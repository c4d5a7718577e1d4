"""The bridge to PySAT: a model's CNF as a ``pysat.formula.CNF``, and a solver's model back
to a verified tour.

    >>> from pysat.solvers import Solver
    >>> import knights, knights.pysat
    >>> model = knights.Model(board="6x6", closed=True)
    >>> cnf = knights.to_dimacs(model)
    >>> with Solver(name="cadical153", bootstrap_with=knights.pysat.to_cnf(cnf)) as s:
    ...     s.solve()
    ...     tour = knights.decode(model, s.get_model())

Needs python-sat (``pip install python-sat``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._native import Cnf, Model, Tour, decode, to_dimacs

if TYPE_CHECKING:  # pragma: no cover
    from pysat.formula import CNF


def to_cnf(cnf: Cnf) -> "CNF":
    """A ``pysat.formula.CNF`` holding the clauses of ``cnf`` (from ``knights.to_dimacs``)."""
    from pysat.formula import CNF

    formula = CNF(from_clauses=cnf.clauses)
    # A model must give every variable of the CNF a value, so PySAT must know them all even
    # when the last ones occur in no clause.
    formula.nv = max(formula.nv, cnf.n_vars)
    return formula


def solve_with(model: Model, name: str = "cadical153") -> Tour | None:
    """A tour of ``model`` found by PySAT's solver ``name``, decoded and verified; None when
    the solver proves the CNF unsatisfiable."""
    from pysat.solvers import Solver

    with Solver(name=name, bootstrap_with=to_cnf(to_dimacs(model))) as solver:
        if not solver.solve():
            return None
        return decode(model, solver.get_model())
