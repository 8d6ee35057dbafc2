"""The documentation site builds with MkDocs in strict mode: no warning at all."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .snippets import ROOT


@pytest.mark.skipif(
    importlib.util.find_spec("mkdocs") is None,
    reason="mkdocs is not installed (pip install -e '.[docs]' or '.[test]')",
)
def test_mkdocs_build_strict(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "WARNING" not in output, output
    assert (site / "plugin-guide" / "index.html").is_file()
    assert (site / "tutorial" / "lakes.py").is_file(), "the tutorial's files are not published"
    # A fence Markdown did not recognise (say, indented inside a list) shows as text.
    raw = [
        str(page.relative_to(site))
        for page in sorted(site.rglob("*.html"))
        if "```" in re.sub(r"<pre>.*?</pre>", "", page.read_text(encoding="utf-8"), flags=re.S)
    ]
    assert not raw, f"code fences left unrendered (move them out of lists): {raw}"
