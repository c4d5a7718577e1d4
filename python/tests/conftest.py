"""Shared helpers: the repository's files, and the `knights` binary for comparisons."""

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def model_file(name: str) -> Path:
    return ROOT / "models" / f"{name}.toml"


def known_counts_line(what: str) -> str:
    """The line of tests/data/known-counts.md whose first column is `what`: each count the
    tests check must stand in it, so a figure here cannot drift from its cited source."""
    text = (ROOT / "tests" / "data" / "known-counts.md").read_text()
    for line in text.splitlines():
        if line.startswith(f"| {what} |"):
            return line
    raise AssertionError(f"known-counts.md has no line {what!r}")


def needed(what: str) -> None:
    """Skips a test whose tool is missing, except under CI, where it fails."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing, and CI runs every test")
    pytest.skip(f"{what} is missing")


@pytest.fixture
def knights_binary() -> str:
    """The `knights` binary: $KNIGHTS_BIN, else one built under the repository."""
    candidates = [os.environ.get("KNIGHTS_BIN", "")]
    target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
    candidates.append(str(Path(target) / "release" / "knights"))
    candidates.append(shutil.which("knights") or "")
    for path in candidates:
        if path and os.access(path, os.X_OK):
            return path
    needed("the knights binary (cargo build --release, or set KNIGHTS_BIN)")
    return ""
