"""The pluggy markers shared by the core and every plugin."""

from __future__ import annotations

import pluggy

PROJECT = "kingdomino"

#: Version of the hook contract. A plugin may declare ``HOOK_API = 1`` (or a
#: ``(min, max)`` tuple); a plugin written for another version is refused at load
#: time with a clear message instead of failing deep inside a game.
HOOK_API = 1

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)
