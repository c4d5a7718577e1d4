"""The PySAT round trip: the CNF from knights, solved by PySAT's CaDiCaL or Glucose, decoded
and verified."""

import pytest

import knights
from conftest import needed

try:
    import knights.pysat as bridge
    from pysat.solvers import Solver
except ImportError:  # pragma: no cover
    bridge = None


@pytest.fixture(autouse=True)
def _pysat():
    if bridge is None:
        needed("python-sat")


MODELS = [
    {"board": "6x6", "closed": True},
    {"board": "5x5", "start": {"cells": [[0, 0]]}},
    {"board": "6x6", "closed": True, "symmetry": "rot90"},
]


@pytest.mark.parametrize("solver", ["cadical153", "glucose4"])
@pytest.mark.parametrize("spec", MODELS)
def test_a_pysat_model_decodes_to_a_verified_tour(spec, solver):
    model = knights.Model(**spec)
    cnf = knights.to_dimacs(model)
    assert cnf.variables and all(1 <= var <= cnf.n_vars for var in cnf.variables)
    with Solver(name=solver, bootstrap_with=bridge.to_cnf(cnf)) as sat:
        assert sat.solve()
        tour = knights.decode(model, sat.get_model())
    assert knights.verify(model, tour) == []


def test_the_dimacs_text_holds_the_same_clauses():
    cnf = knights.to_dimacs(knights.Model(board="5x5"))
    lines = [l for l in cnf.dimacs.splitlines() if l and not l.startswith("c")]
    assert lines[0] == f"p cnf {cnf.n_vars} {len(cnf.clauses)}"
    assert [list(map(int, l.split()))[:-1] for l in lines[1:]] == cnf.clauses


def test_a_model_that_breaks_a_clause_is_refused():
    model = knights.Model(board="6x6", closed=True)
    cnf = knights.to_dimacs(model)
    with Solver(name="cadical153", bootstrap_with=bridge.to_cnf(cnf)) as sat:
        assert sat.solve()
        literals = sat.get_model()
    literals[0] = -literals[0]
    with pytest.raises(ValueError, match="literals"):
        knights.decode(model, literals)


def test_solve_with_is_the_round_trip():
    model = knights.Model(board="6x6", closed=True)
    tour = bridge.solve_with(model, "glucose4")
    assert tour is not None and knights.verify(model, tour) == []
    assert bridge.solve_with(knights.Model(board="4x4", closed=True)) is None
