"""The terminal's modules stay under the project's 500-line limit for a module
(tests/docs/test_architecture.py checks the core's, tests/web/test_module_sizes.py the
browser's): one module per idea (the screen's layout, the kingdom grid and the panels
beside it are three)."""

from __future__ import annotations

from pathlib import Path

import kingdomino_cli

CLI = Path(kingdomino_cli.__file__).parent


def test_every_module_of_the_cli_package_is_under_500_lines() -> None:
    long = {
        path.name: n
        for path in sorted(CLI.glob("*.py"))
        if (n := len(path.read_text("utf-8").splitlines())) >= 500
    }
    assert long == {}
