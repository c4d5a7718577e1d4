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


# Public, but left out of __all__ so that `from knights import *` keeps the builtin.
ATTRIBUTES_ONLY = ["enumerate"]


def test_every_public_name_has_a_stub():
    assert set(knights.__all__ + ATTRIBUTES_ONLY) - stubbed_names() == set()


def test_every_public_callable_has_a_docstring():
    for name in knights.__all__ + ATTRIBUTES_ONLY:
        value = getattr(knights, name)
        if callable(value):
            assert value.__doc__ and len(value.__doc__.strip()) > 20, name


def test_the_package_is_typed():
    assert STUBS.with_name("py.typed").exists()


def test_a_star_import_leaves_the_builtin_enumerate_alone():
    import builtins

    scope: dict = {}
    exec("from knights import *", scope)
    assert "enumerate" not in scope
    assert "count" in scope and "Model" in scope
    exec("pairs = list(enumerate('ab'))", scope)
    assert scope["pairs"] == [(0, "a"), (1, "b")]
    assert scope.get("enumerate", builtins.enumerate) is builtins.enumerate
    # The package's enumerate stays reachable as an attribute.
    assert callable(knights.enumerate) and knights.enumerate is not builtins.enumerate
