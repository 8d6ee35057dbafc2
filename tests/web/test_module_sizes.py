"""The browser table's modules stay under the project's 500-line limit for a module
(tests/docs/test_architecture.py checks the core's): one module per idea."""

from __future__ import annotations

from pathlib import Path

import kingdomino_web

WEB = Path(kingdomino_web.__file__).parent


def test_every_module_of_the_web_package_is_under_500_lines() -> None:
    long = {
        path.name: n
        for path in sorted(WEB.glob("*.py"))
        if (n := len(path.read_text("utf-8").splitlines())) >= 500
    }
    assert long == {}
