"""The documentation site, built once per test session (it takes seconds)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from .snippets import ROOT


@attrs.frozen
class Site:
    """A built site: its folder, and what ``mkdocs build`` printed."""

    root: Path
    returncode: int
    output: str


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    if importlib.util.find_spec("mkdocs") is None:
        pytest.skip("mkdocs is not installed (pip install -e '.[docs]' or '.[test]')")
    folder = tmp_path_factory.mktemp("site") / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    return Site(root=folder, returncode=done.returncode, output=done.stdout + done.stderr)
