"""Type checks of the fields of Origins actions (bad input never crashes).

Actions built in Python or read from a save can carry a string, a float or a bool
where a whole number belongs; the rule checks would then fail with a ``TypeError``
or, worse, accept ``True`` as 1. The core's placement check refuses such fields the
same way.
"""

from __future__ import annotations

from kingdomino_core import Action, IllegalActionError


def check_fields(
    action: Action,
    ints: tuple[str, ...] = (),
    strs: tuple[str, ...] = (),
    bools: tuple[str, ...] = (),
) -> None:
    """Raise ``IllegalActionError("origins.action", ...)`` naming every mistyped field."""
    bad = []
    for name in ints:
        value = getattr(action, name)
        if not isinstance(value, int) or isinstance(value, bool):
            bad.append(f"{name} {value!r} (expected a whole number)")
    for name in strs:
        value = getattr(action, name)
        if not isinstance(value, str):
            bad.append(f"{name} {value!r} (expected a name)")
    for name in bools:
        value = getattr(action, name)
        if not isinstance(value, bool):
            bad.append(f"{name} {value!r} (expected true or false)")
    if bad:
        raise IllegalActionError("origins.action", f"bad {action.kind} action: " + ", ".join(bad))
