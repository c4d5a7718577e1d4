"""Models: keyword arguments and files read as the CLI reads them, bad ones refused with a
ModelError (a ValueError) that names the field."""

import pytest

import knights
from conftest import model_file


def refused(**fields) -> str:
    with pytest.raises(knights.ModelError) as caught:
        knights.Model(**fields)
    return str(caught.value)


def test_model_error_is_a_value_error():
    assert issubclass(knights.ModelError, ValueError)


def test_an_unknown_field_is_named():
    text = refused(board="8x8", closd=True)
    assert "closd" in text and "closed" in text


def test_a_field_of_the_wrong_type_is_named():
    assert "rows" in refused(board="8x8", sums={"rows": "many"})
    assert "invalid type" in refused(board="8x8", closed="yes")


def test_a_value_no_model_file_holds_is_refused_naming_its_field():
    """Each keyword's value becomes the TOML value a model file would hold; one that cannot
    (None inside a table, an integer past TOML's 64 bits, an object) is a ModelError that
    names the keyword's field, as a bad value of the right kind is."""
    assert refused(board="8x8", start={"cols": [None]}).startswith('Model(board="8x8"): start: ')
    assert refused(board="8x8", rows=2**63).startswith('Model(board="8x8"): sums.rows: ')
    assert refused(board="8x8", rows=2**70).startswith('Model(board="8x8"): sums.rows: ')
    assert refused(board="8x8", symmetry=object()).startswith('Model(board="8x8"): symmetry: ')
    assert refused(board="8x8", start={0: [0]}).startswith('Model(board="8x8"): start: ')


def test_sequences_of_any_kind_are_arrays():
    listed = knights.Model(board="8x8", start={"cols": [0, 7]}, leaper=[1, 2])
    tupled = knights.Model(board="8x8", start={"cols": (0, 7)}, leaper=(1, 2))
    assert listed.to_toml() == tupled.to_toml()


def test_a_bad_board_is_named_in_the_callers_words():
    assert refused(board="6x") == (
        'Model(board="6x"): board \'6x\' is not of the form ROWSxCOLS or LAYERSxROWSxCOLS'
        " (for example 8x8 or 4x4x4)"
    )


def test_a_leaper_of_three_numbers_is_refused():
    text = refused(board="8x8", leaper=[1, 2, 3])
    assert "leaper" in text and "has 3 elements" in text


def test_an_impossible_line_sum_is_refused_by_the_puzzle_layer():
    assert "rows" in refused(board="8x8", rows=7)


def test_sum_keywords_and_a_sums_table_are_not_both_taken():
    assert "not both" in refused(board="8x8", rows=260, sums={"cols": 260})


def test_sum_keywords_are_the_sums_table():
    short = knights.Model(board="8x8", rows=260, cols=260)
    table = knights.Model(board="8x8", sums={"rows": 260, "cols": 260})
    assert short.to_toml() == table.to_toml()
    assert "[sums]" in short.to_toml() and short.kind == "numbered"


def test_a_model_file_is_loaded_with_its_name():
    model = knights.Model.load(model_file("nested-semimagic"))
    assert model.name == "nested-semimagic"
    assert model.board == "8x8" and model.kind == "numbered"


def test_a_missing_file_is_named():
    with pytest.raises(knights.ModelError, match="no-such-model.toml"):
        knights.Model.load("no-such-model.toml")


def test_bad_run_arguments_are_value_errors():
    model = knights.Model(board="5x5")
    with pytest.raises(ValueError, match="engine"):
        knights.count(model, engine="fast")
    with pytest.raises(ValueError, match="timeout"):
        knights.count(model, timeout=-1)
    with pytest.raises(ValueError, match="solver"):
        knights.count(model, engine="search", solver="cadical")
    with pytest.raises(ValueError, match="method"):
        knights.sample(model, method="random")


def test_a_time_limit_past_any_run_is_taken_as_one_without_a_panic():
    model = knights.Model(board="5x5")
    result = knights.count(model, engine="search", timeout=1e30)
    assert result.complete and result.solutions == 1728
