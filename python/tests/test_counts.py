"""The published counts of tests/data/known-counts.md, through the Python API: the rows the
native search finishes in about a second. Each figure must stand in its row of that file."""

import json
import subprocess

import pytest

import knights
from conftest import known_counts_line, model_file

# (row of known-counts.md, model, solutions, classes or None where the source gives none)
ROWS = [
    ("open tours (directed paths) on 5x5", {"file": "open-5x5"}, 1728, 216),
    (
        "open tours (directed paths) on 5x5",
        {"board": "5x5", "start": {"cells": [[0, 0]]}},
        304,
        None,
    ),
    (
        "open tours (directed paths) on 5x5",
        {"board": "5x5", "start": {"cells": [[2, 2]]}},
        64,
        None,
    ),
    ("closed tours (cycles) on 6x6", {"file": "closed-6x6"}, 9862, 1245),
    ("closed tours (cycles) on 6x6", {"board": "6x6", "closed": True}, 9862, 1245),
    (
        "closed 6x6 tours unchanged by a 90-degree rotation",
        {"board": "6x6", "closed": True, "symmetry": "rot90"},
        10,
        5,
    ),
    (
        "closed 8x8 tours unchanged by a 90-degree rotation",
        {"board": "8x8", "closed": True, "symmetry": "rot90"},
        0,
        0,
    ),
]


def build(spec: dict) -> knights.Model:
    if "file" in spec:
        return knights.Model.load(model_file(spec["file"]))
    return knights.Model(**spec)


def grouped(number: int) -> str:
    return f"{number:,}"


@pytest.mark.parametrize("what,spec,solutions,classes", ROWS)
def test_count_matches_the_published_figure(what, spec, solutions, classes):
    line = known_counts_line(what)
    assert grouped(solutions) in line or solutions == 0, line
    result = knights.count(build(spec))
    assert result.complete and result.ending == "exhausted"
    assert result.solutions == solutions
    if classes is not None:
        assert result.classes == classes


@pytest.mark.parametrize("engine", ["search", "sat"])
def test_the_engines_agree_on_the_rot90_tours(engine):
    result = knights.count(build(ROWS[5][1]), engine=engine)
    assert (result.solutions, result.classes) == (10, 5)
    assert result.engine == engine


def test_enumerate_lists_every_closed_6x6_tour_once_each_verified():
    model = knights.Model(board="6x6", closed=True)
    iterator = knights.enumerate(model)
    tours = list(iterator)
    assert len(tours) == 9862
    assert len(set(tours)) == len(tours)
    assert all(tour.is_closed for tour in tours)
    assert iterator.summary is not None and iterator.summary.complete
    assert iterator.summary.solutions == len(tours)
    # The verifier, which shares no code with the engines, accepts a sample of them.
    for tour in tours[::97]:
        assert knights.verify(model, tour) == []


def test_a_board_no_tour_exists_on_is_answered_by_the_theorem():
    result = knights.count(knights.Model(board="5x5", closed=True))
    assert result.engine == "theorem" and result.complete
    assert result.solutions == 0 and result.theorem
    assert knights.solve(knights.Model(board="5x5", closed=True)) is None
    assert list(knights.enumerate(knights.Model(board="4x4", closed=True))) == []


def test_a_timeout_is_not_a_count():
    result = knights.count(knights.Model(board="8x8", closed=True), timeout=0.2)
    assert not result.complete
    assert result.ending == "timeout"


def test_a_plain_count_of_a_large_tree_goes_to_the_frontier_engine():
    """As `knights count` chooses: the frontier engine's trial forecasts it far faster than
    the native search's tree, which took about a minute on closed 6x8."""
    result = knights.count(knights.Model(board="6x8", closed=True))
    assert result.engine == "frontier"
    assert result.complete and result.ending == "exhausted"
    # OEIS A175881, a(8): closed tours of the 6x8 board.
    assert result.solutions == 55_488_142
    assert grouped(result.solutions) in known_counts_line("closed tours (cycles) on 6x8")


def test_a_count_past_u64_is_an_exact_int(knights_binary):
    """The frontier engine counts past 2**64; the package hands the count over as a Python
    int, digit for digit the string the CLI's JSON record carries."""
    result = knights.count(knights.Model(board="3x60"), engine="frontier")
    assert result.complete and result.classes is None
    assert type(result.solutions) is int and result.solutions > 2**64
    out = subprocess.run(
        [knights_binary, "count", "--board", "3x60", "--engine", "frontier", "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    record = json.loads(out.stdout.splitlines()[-1])
    assert record["solutions"] == str(result.solutions)
    assert f"solutions={result.solutions}," in repr(result)


def json_shaped(value) -> bool:
    """Whether a value is one json.loads could make: str-keyed dicts, lists, str, int,
    float, bool and None."""
    if isinstance(value, dict):
        return all(type(k) is str and json_shaped(v) for k, v in value.items())
    if isinstance(value, list):
        return all(json_shaped(v) for v in value)
    return value is None or type(value) in (str, int, float, bool)


@pytest.mark.parametrize(
    "engine,board,solutions",
    [("search", "5x5", 1728), ("sat", "5x5", 1728), ("frontier", "5x6", 37568)],
)
def test_stats_are_the_json_values_of_the_record(engine, board, solutions):
    result = knights.count(knights.Model(board=board), engine=engine)
    assert result.solutions == solutions and type(result.solutions) is int
    assert result.stats and json_shaped(result.stats)
    if engine == "frontier":
        assert type(result.stats["axes"]) is list and result.stats["checkpoint_step"] is None


def test_a_frontier_run_stopped_before_its_count_has_none():
    result = knights.count(knights.Model(board="5x24"), engine="frontier", timeout=0.3)
    assert not result.complete and result.ending == "timeout"
    assert result.solutions is None and result.classes is None
    assert "solutions=None," in repr(result)


@pytest.mark.parametrize("jobs", [1, 2])
def test_jobs_reach_the_frontier_engine(jobs):
    result = knights.count(knights.Model(board="5x6"), engine="frontier", jobs=jobs)
    assert result.engine == "frontier"
    assert result.stats["threads"] == jobs


def test_solve_finds_a_semimagic_tour_as_the_cli_does():
    # The plain native search of this model is a tree of about 6.5e11 nodes; `knights solve`
    # looks among its symmetric sub-models first, and so must the package.
    tour = knights.solve(knights.Model.load(model_file("semimagic")), timeout=120)
    assert tour is not None
    numbers = tour.numbers
    rows = [numbers[8 * r : 8 * r + 8] for r in range(8)]
    assert all(sum(row) == 260 for row in rows)
    assert all(sum(row[c] for row in rows) == 260 for c in range(8))


def test_a_stopped_run_is_described_in_the_callers_words():
    model = knights.Model(board="8x8", rows=260, cols=260)
    with pytest.raises(knights.KnightsError) as raised:
        knights.solve(model, engine="search", timeout=0.3)
    message = str(raised.value)
    assert "stopped by timeout" in message, message
    assert "--" not in message, message


def test_a_setting_of_another_engine_is_refused_in_the_callers_words():
    with pytest.raises(ValueError) as raised:
        knights.count(knights.Model(board="5x5"), engine="search", solver="varisat")
    assert str(raised.value) == (
        'solver applies to the SAT engine only; drop it or use engine="sat"'
    )
