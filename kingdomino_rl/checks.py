"""What the environments accept, and the one error type for everything else.

Training code hands the environments numbers from many libraries (Python ints,
numpy scalars, 0-d arrays), and a wrong one must fail loudly, at once, and leave the
game as it was (docs/rl.md, "Wrong inputs"):

- a value of the wrong type (a float, a string, ``True``, a list) is a ``TypeError``,
  even when it would convert to a valid number (``3.0``, ``"3"``): such a value is a
  bug in the caller, and accepting it would hide it;
- an integer out of range (an action outside ``Discrete(n)``, a negative seed) and
  an unknown name are a ``ValueError``;
- a call at the wrong time (before ``reset()``, after the game is over) is a
  ``RuntimeError``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

#: The largest seed a game takes (the same range as ``kd --seed``).
MAX_SEED = 2**63 - 1


def integer(value: object) -> int | None:
    """``value`` as a Python int if it is an integer (an ``int``, a numpy integer or a
    0-d integer array; never a bool), else None."""
    if isinstance(value, bool | np.bool_):
        return None
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind in "iu":
        return int(value)
    return None


def _shown(value: object) -> str:
    """A value as the messages name it: its type and a short repr."""
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {text}"


def action_number(action: object, size: int) -> int:
    """The action number ``action`` stands for, in ``0 .. size - 1``."""
    number = integer(action)
    if number is None:
        raise TypeError(
            f"an action must be an integer from 0 to {size - 1} (an int or a numpy "
            f"integer), not {_shown(action)}"
        )
    if not 0 <= number < size:
        raise ValueError(f"action {number} is outside the action space 0..{size - 1}")
    return number


def seed_value(seed: object) -> int | None:
    """A ``reset(seed=...)`` seed: None (draw one) or an integer ``0 .. 2**63-1``."""
    if seed is None:
        return None
    value = integer(seed)
    if value is None:
        raise TypeError(f"seed must be None or an integer from 0 to 2**63-1, not {_shown(seed)}")
    if not 0 <= value <= MAX_SEED:
        raise ValueError(f"seed must be an integer from 0 to 2**63-1, not {value}")
    return value


def options_value(options: object) -> None:
    """``reset(options=...)``: None or a mapping (its keys are not used)."""
    if options is not None and not isinstance(options, Mapping):
        raise TypeError(f"options must be None or a dict, not {_shown(options)}")


def choice(name: str, value: object, allowed: Sequence[str | None]) -> None:
    """An option that must be one of ``allowed`` (strings, or None where listed)."""
    if any(value is a or (isinstance(value, str) and value == a) for a in allowed):
        return
    if not isinstance(value, str):
        raise TypeError(f"{name} must be one of {tuple(allowed)}, not {_shown(value)}")
    raise ValueError(f"{name} must be one of {tuple(allowed)}, not {value!r}")


def count(name: str, value: object, *, optional: bool = False) -> int | None:
    """An integer option (``players``, ``seat``); None when ``optional`` and None."""
    if value is None and optional:
        return None
    number = integer(value)
    if number is None:
        kind = "None or an integer" if optional else "an integer"
        raise TypeError(f"{name} must be {kind}, not {_shown(value)}")
    return number


def agent_name(agent: object, agents: Sequence[str]) -> str:
    """One of the environment's agent names (``player_0`` ..)."""
    if not isinstance(agent, str):
        raise TypeError(f"an agent is named by a string such as 'player_0', not {_shown(agent)}")
    if agent not in agents:
        raise ValueError(f"no agent {agent!r}: the agents are {', '.join(agents)}")
    return agent
