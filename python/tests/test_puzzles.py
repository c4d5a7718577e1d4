"""Puzzles made from tours: few givens, exactly one tour, the same puzzle for the same call."""

import pytest

import knights


@pytest.fixture(scope="module")
def corner_5x5():
    model = knights.Model(board="5x5", start={"cells": [[0, 0]]})
    tours = list(knights.enumerate(model, limit=10))
    return model, tours[3]


def test_a_puzzle_has_few_givens_and_exactly_one_tour(corner_5x5):
    model, tour = corner_5x5
    puzzle = knights.make_puzzle(model, tour, seed=2)
    givens = puzzle.givens
    assert 0 < len(givens) < 25 // 2
    for row, col, number in givens:
        assert tour.numbers[row * 5 + col] == number
    assert knights.verify(puzzle, tour) == []
    result = knights.count(puzzle, engine="search")
    assert result.complete and result.solutions == 1
    result = knights.count(puzzle, engine="sat")
    assert result.complete and result.solutions == 1
    assert "make-puzzle, seed 2" in puzzle.to_toml()


def test_the_same_call_makes_the_same_puzzle_and_another_seed_may_not(corner_5x5):
    model, tour = corner_5x5
    made = [knights.make_puzzle(model, tour, seed=s).givens for s in (1, 1, 2, 3)]
    assert made[0] == made[1]
    assert len({str(g) for g in made}) > 1


def test_a_tiny_node_budget_keeps_every_given_it_cannot_decide(corner_5x5):
    model, tour = corner_5x5
    puzzle = knights.make_puzzle(model, tour, trial_nodes=1)
    assert len(puzzle.givens) > len(knights.make_puzzle(model, tour).givens)
    assert "not decided within a trial's budget" in puzzle.to_toml()


def test_bad_arguments_and_a_tour_of_another_model_are_refused(corner_5x5):
    model, tour = corner_5x5
    with pytest.raises(ValueError, match="trial_nodes"):
        knights.make_puzzle(model, tour, trial_nodes=0)
    with pytest.raises(ValueError, match="trial_timeout"):
        knights.make_puzzle(model, tour, trial_timeout=-1.0)
    from_the_centre = knights.Model(board="5x5", start={"cells": [[2, 2]]})
    with pytest.raises(knights.ModelError, match="not a solution"):
        knights.make_puzzle(from_the_centre, tour)
