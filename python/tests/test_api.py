"""The package's surface: every public name has a docstring for help() and a type stub."""

import ast
from pathlib import Path

import knights

STUBS = Path(knights.__file__).with_name("_native.pyi")


def stubbed_names() -> set:
    tree = ast.parse(STUBS.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def test_every_public_name_has_a_stub():
    assert set(knights.__all__) - stubbed_names() == set()


def test_every_public_callable_has_a_docstring():
    for name in knights.__all__:
        value = getattr(knights, name)
        if callable(value):
            assert value.__doc__ and len(value.__doc__.strip()) > 20, name


def test_the_package_is_typed():
    assert STUBS.with_name("py.typed").exists()
