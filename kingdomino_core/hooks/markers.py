"""The pluggy markers shared by the core and every plugin."""

from __future__ import annotations

import pluggy

PROJECT = "kingdomino"

#: Version of the hook contract. A plugin may declare ``HOOK_API = 1`` (or a
#: ``(min, max)`` tuple); a plugin written for another version is refused at load
#: time with a clear message instead of failing deep inside a game.
HOOK_API = 1

#: Marks a hook specification (``kingdomino_core.hooks.specs``); plugins need not use it.
hookspec = pluggy.HookspecMarker(PROJECT)
#: Marks a plugin's hook implementation: ``@hookimpl`` above ``def kd_...``. A function
#: named like a hook but not marked is not called.
hookimpl = pluggy.HookimplMarker(PROJECT)
