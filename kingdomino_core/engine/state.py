"""Plugin state slices: what the engine needs to copy and compare ``game.ext[name]``."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

import attrs


def _same(value: Any) -> Any:
    return value


_IMMUTABLE = (int, float, complex, str, bytes, bool, type(None), range, Enum)


def is_immutable(value: Any, depth: int = 4) -> bool:
    """Whether ``value`` cannot change in place: numbers, strings, enums, and tuples,
    frozensets and frozen attrs instances made of such values (``depth`` levels)."""
    if isinstance(value, _IMMUTABLE):
        return True
    if depth <= 0:
        return False
    if isinstance(value, tuple | frozenset):
        return all(is_immutable(v, depth - 1) for v in value)
    cls = type(value)
    if attrs.has(cls) and getattr(cls.__setattr__, "__name__", "") == "_frozen_setattrs":
        return all(is_immutable(getattr(value, f.name), depth - 1) for f in attrs.fields(cls))
    return False


def is_singleton(value: Any) -> bool:
    """Whether ``value`` is the only one of its kind (``None``, an enum member): it
    compares by identity, and that is equality, so it needs no ``key``."""
    return value is None or value is Ellipsis or isinstance(value, Enum)


@attrs.frozen(kw_only=True)
class StateSlice:
    """A plugin state slice as declared with :meth:`RuleBook.add_state`."""

    #: Makes the value of a new game.
    factory: Callable[[], Any]
    #: Copies a value for ``game.clone()`` (identity for immutable values).
    copy: Callable[[Any], Any]
    #: What two values are compared by (identity function: the value itself).
    key: Callable[[Any], Any]
    #: The plugin that declared it.
    plugin: str
