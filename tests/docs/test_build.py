"""The documentation site builds with MkDocs in strict mode: no warning at all."""

from __future__ import annotations

import re

from .conftest import Site


def test_mkdocs_build_strict(site: Site) -> None:
    assert site.returncode == 0, site.output
    assert "WARNING" not in site.output, site.output
    assert (site.root / "plugin-guide" / "index.html").is_file()
    assert (site.root / "tutorial" / "lakes.py").is_file(), "the tutorial's files are not published"
    assert (site.root / "reference" / "game" / "index.html").is_file(), "no API reference"
    # A fence Markdown did not recognise (say, indented inside a list) shows as text.
    raw = [
        str(page.relative_to(site.root))
        for page in sorted(site.root.rglob("*.html"))
        if "```" in re.sub(r"<pre>.*?</pre>", "", page.read_text(encoding="utf-8"), flags=re.S)
    ]
    assert not raw, f"code fences left unrendered (move them out of lists): {raw}"
