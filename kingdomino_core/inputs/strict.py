"""A strict cattrs converter for user-written tables (ruleset files, plugin options).

cattrs by default converts with ``str(x)``, ``int(x)`` and ``bool(x)``, so
``harmony = "no"`` would silently become ``True``. Here a value must already have
the declared type (an integer is accepted where a float is expected), unknown keys
are refused, and each problem comes back as ``(key path, message)`` so callers can
point at the line that holds it.
"""

from __future__ import annotations

import typing
from typing import Any

import attrs
import cattrs
from cattrs import cols
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn

from ..errors import KeyPath, dotted
from ..i18n import get_translation

__all__ = ["KeyPath", "TypeMismatch", "describe", "dotted", "problems", "strict_converter"]


_ = get_translation("kingdomino_core")
_l = _.lazy

_NAMES = {bool: _l("a boolean"), int: _l("an integer"), float: _l("a number"), str: _l("a string")}


class TypeMismatch(ValueError):
    """A value of the wrong type; the message says what was expected and what came."""


def describe(value: Any) -> str:
    """How a TOML value reads in a message: ``the string 'no'``, ``a table``."""
    if isinstance(value, bool):
        return _("the boolean {value}").format(value=str(value).lower())
    if isinstance(value, int | float):
        return _("the number {value!r}").format(value=value)
    if isinstance(value, str):
        return _("the string {value!r}").format(value=value)
    if isinstance(value, dict):
        return _("a table")
    if isinstance(value, list | tuple):
        text = repr(list(value))
        return _("the array {value}").format(value=text if len(text) <= 60 else text[:57] + "...")
    return f"{type(value).__name__} {value!r}"


def _exact(kind: type) -> Any:
    def structure(value: Any, _kind: Any) -> Any:
        ok = type(value) is kind or (kind is float and type(value) is int)
        if not ok:
            raise TypeMismatch(
                _("expected {kind}, not {value}").format(kind=_NAMES[kind], value=describe(value))
            )
        return kind(value)

    return structure


def _is_literal(kind: Any) -> bool:
    return typing.get_origin(kind) is typing.Literal


def _literal(kind: Any) -> Any:
    allowed = typing.get_args(kind)

    def structure(value: Any, _kind: Any) -> Any:
        if value not in allowed or type(value) not in {type(a) for a in allowed}:
            names = ", ".join(repr(a) for a in allowed)
            raise TypeMismatch(
                _("expected one of {names}, not {value}").format(names=names, value=describe(value))
            )
        return value

    return structure


def _is_array(kind: Any) -> bool:
    args = typing.get_args(kind)
    if typing.get_origin(kind) is tuple:
        return len(args) == 2 and args[1] is Ellipsis
    return cols.is_sequence(kind) and not cols.is_any_set(kind)


def _array(kind: Any, converter: cattrs.Converter) -> Any:
    if typing.get_origin(kind) is tuple:
        inner = cols.homogenous_tuple_structure_factory(kind, converter)
    else:
        inner = cols.list_structure_factory(kind, converter)

    def structure(value: Any, _kind: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise TypeMismatch(_("expected an array, not {value}").format(value=describe(value)))
        return inner(value, kind)

    return structure


def _table(kind: Any, converter: cattrs.Converter) -> Any:
    inner = cols.mapping_structure_factory(kind, converter)

    def structure(value: Any, _kind: Any) -> Any:
        if not isinstance(value, dict):
            raise TypeMismatch(_("expected a table, not {value}").format(value=describe(value)))
        return inner(value, kind)

    return structure


def _record(kind: Any, converter: cattrs.Converter) -> Any:
    inner = make_dict_structure_fn(kind, converter, _cattrs_forbid_extra_keys=True)

    def structure(value: Any, _kind: Any) -> Any:
        if not isinstance(value, dict):
            raise TypeMismatch(_("expected a table, not {value}").format(value=describe(value)))
        return inner(value, kind)

    return structure


def strict_converter() -> cattrs.Converter:
    """A converter that refuses unknown keys and values of the wrong type."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    for kind in (bool, int, float, str):
        converter.register_structure_hook(kind, _exact(kind))
    converter.register_structure_hook_func(_is_literal, lambda v, t: _literal(t)(v, t))
    converter.register_structure_hook_factory(_is_array, _array)
    converter.register_structure_hook_factory(cols.is_mapping, _table)
    converter.register_structure_hook_factory(attrs.has, _record)
    return converter


def _message(exc: BaseException, kind: Any) -> str:
    if isinstance(exc, TypeMismatch):
        return str(exc)
    if isinstance(exc, KeyError):
        return _("required key missing")
    if isinstance(exc, AttributeError | TypeError) and kind is None:
        return _("expected a table")
    if isinstance(exc, TypeError) and "iterable" in str(exc):
        return _("expected an array")
    name = getattr(kind, "__name__", None) or repr(kind)
    return _("invalid value, expected {kind}").format(kind=name)


def problems(exc: BaseException, path: KeyPath = ()) -> list[tuple[KeyPath, str]]:
    """Every problem inside a cattrs exception, as ``(key path, message)`` pairs."""
    found: list[tuple[KeyPath, str]] = []
    if isinstance(exc, ForbiddenExtraKeysError):
        known = [f.name for f in attrs.fields(exc.cl)] if attrs.has(exc.cl) else []
        words = (
            _("unknown key; expected one of: {keys}").format(keys=", ".join(known))
            if known
            else _("unknown key")
        )
        for key in sorted(exc.extra_fields):
            found.append(((*path, key), words))
        return found
    if isinstance(exc, IterableValidationError | ClassValidationError):
        with_notes, without = exc.group_exceptions()
        for sub, note in with_notes:
            part: str | int = (
                note.index if isinstance(note, cattrs.IterableValidationNote) else note.name
            )
            kind = note.type
            sub_path = (*path, part)
            nested = IterableValidationError | ClassValidationError | ForbiddenExtraKeysError
            if isinstance(sub, nested):
                found.extend(problems(sub, sub_path))
            else:
                found.append((sub_path, _message(sub, kind)))
        for sub in without:
            found.extend(problems(sub, path))
        return found
    found.append((path, _message(exc, None)))
    return found
