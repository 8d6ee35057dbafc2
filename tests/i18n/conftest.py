"""Fixtures of the translation tests: the pseudo-language's catalogs, made once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pseudo_support import pseudo_locale

from kingdomino_core import i18n


@pytest.fixture(scope="session")
def pseudo_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``KD_LOCALE_PATH`` for the pseudo-language ``qps`` (every message marked)."""
    return pseudo_locale(tmp_path_factory.mktemp("pseudo-locale"))


@pytest.fixture(scope="session")
def open_fields_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pseudo-language with each message's ``{fields}`` unmarked: an English reason
    inside a translated ``kd: error: {message}`` is found (``pseudo_dir`` marks whole
    messages)."""
    return pseudo_locale(tmp_path_factory.mktemp("pseudo-fields"), open_fields=True)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Every test leaves the process's language English, as it found it."""
    yield
    i18n.set_language("en")
