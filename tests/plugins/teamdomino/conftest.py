"""Share the two-box game checks of ``tests/plugins/xl/two_box_checks.py`` (one copy)."""

import sys
from pathlib import Path

_XL_TESTS = str(Path(__file__).resolve().parents[1] / "xl")
if _XL_TESTS not in sys.path:
    sys.path.insert(0, _XL_TESTS)
