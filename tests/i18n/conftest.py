"""Fixtures of the translation tests: the pseudo-language's catalogs, made once."""

from __future__ import annotations

from pathlib import Path

import pytest
from pseudo_support import pseudo_locale


@pytest.fixture(scope="session")
def pseudo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``KD_LOCALE_PATH`` for the pseudo-language ``qps`` (every message marked)."""
    return pseudo_locale(tmp_path_factory.mktemp("pseudo-locale"))
