"""Tours: their views, the constructions and samplers that make them, and the SVG of
`knights render`."""

import json
import subprocess

import pytest

import knights


@pytest.fixture(scope="module")
def closed_6x6():
    model = knights.Model(board="6x6", closed=True)
    return model, knights.solve(model)


def test_numbers_order_and_moves_agree(closed_6x6):
    _, tour = closed_6x6
    numbers = tour.numbers
    assert sorted(numbers) == list(range(1, 37))
    for k, (row, col) in enumerate(tour.order):
        assert numbers[row * 6 + col] == k + 1
    assert tour.is_closed and len(tour.moves) == 36
    assert tour.moves[-1] == (tour.order[-1], tour.order[0])
    for (r1, c1), (r2, c2) in tour.moves:
        assert sorted([abs(r1 - r2), abs(c1 - c2)]) == [1, 2]


def test_angle_counts_cover_every_cell_of_a_closed_tour(closed_6x6):
    _, tour = closed_6x6
    assert sum(tour.angles().values()) == 36


def test_numpy_array_has_the_board_shape(closed_6x6):
    numpy = pytest.importorskip("numpy")
    _, tour = closed_6x6
    array = tour.array()
    assert array.shape == (6, 6)
    assert numpy.array_equal(array.ravel(), numpy.array(tour.numbers))


def test_json_is_the_cli_record(closed_6x6):
    _, tour = closed_6x6
    assert json.loads(tour.to_json()) == {"board": "6x6", "numbers": tour.numbers}


def test_the_svg_is_that_of_knights_render(closed_6x6, knights_binary, tmp_path):
    _, tour = closed_6x6
    path = tmp_path / "tour.json"
    path.write_text(tour.to_json() + "\n")
    rendered = subprocess.run(
        [knights_binary, "render", str(path)], capture_output=True, text=True, check=True
    ).stdout
    assert tour._repr_svg_() == rendered


def test_verify_names_a_broken_rule(closed_6x6):
    model, tour = closed_6x6
    numbers = list(tour.numbers)
    i, j = numbers.index(1), numbers.index(2)
    numbers[i], numbers[j] = 2, 1
    assert knights.verify(model, numbers) != []
    assert knights.verify(model, tour.numbers) == []


def test_a_constructed_100x100_tour_is_closed():
    tour = knights.construct_tour(100, 100)
    assert tour.is_closed and len(tour) == 10_000
    assert knights.verify(knights.Model(board="100x100", closed=True), tour) == []


def test_a_construction_no_tour_allows_is_a_value_error():
    with pytest.raises(ValueError, match="5x5"):
        knights.construct_tour(5, 5, closed=True)


@pytest.mark.parametrize("rows, cols", [(12, 16), (12, 12), (8, 8)])
def test_a_magic_tour_has_every_row_and_column_at_the_magic_sum(rows, cols):
    # 12x12 has both sides 4 mod 8 (an odd x odd grid of blocks), 8x8 two block rows: each
    # has its own paths.
    tour = knights.construct_tour(rows, cols, magic=True)
    cells = rows * cols
    assert not tour.is_closed and len(tour) == cells
    grid = [tour.numbers[r * cols : (r + 1) * cols] for r in range(rows)]
    assert {sum(row) for row in grid} == {cols * (cells + 1) // 2}
    assert {sum(column) for column in zip(*grid)} == {rows * (cells + 1) // 2}
    sums = {"rows": cols * (cells + 1) // 2, "cols": rows * (cells + 1) // 2}
    model = knights.Model(board=f"{rows}x{cols}", sums=sums)
    assert knights.verify(model, tour) == []


def test_a_board_the_magic_construction_does_not_reach_says_why():
    with pytest.raises(knights.ModelError, match="4x16"):
        knights.construct_tour(4, 16, magic=True)
    with pytest.raises(knights.ModelError, match="odd"):
        knights.construct_tour(15, 16, magic=True)
    with pytest.raises(ValueError, match="magic"):
        knights.construct_tour(12, 16, magic=True, closed=True)


def test_sampled_4x4x4_tours_are_distinct_and_classified():
    model = knights.Model(board="4x4x4")
    tours = knights.sample(model, 6, method="warnsdorff", seed=1)
    assert len(set(tours)) == 6
    assert all(knights.verify(model, tour) == [] for tour in tours)
    assert all(len(cell) == 3 for cell in tours[0].order)
    found = knights.classify(tours)
    assert found["board"] == "4x4x4"
    opened, closing = found["classes_open"]["tours"], found["classes_closing"]["tours"]
    assert opened + closing == 6
    assert closing == sum(tour.is_closed for tour in tours)


def test_classify_gives_the_record_of_knights_classify_json(knights_binary, tmp_path):
    """The dict is the CLI's JSON record read by json.loads: its fields in the same order,
    and the sizes keyed by str, as JSON keys are."""
    tours = knights.sample(knights.Model(board="6x6", closed=True), 4, seed=1)
    tours += knights.sample(knights.Model(board="6x6"), 3, seed=2)
    found = knights.classify(tours)
    lines = tmp_path / "tours.jsonl"
    lines.write_text("".join(tour.to_json() + "\n" for tour in tours))
    out = subprocess.run(
        [knights_binary, "classify", "--json", str(lines)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.dumps(found) == json.dumps(json.loads(out.stdout))
    assert all(type(size) is str for size in found["types_closing"]["sizes"])
