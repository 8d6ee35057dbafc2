"""The origins plugin (work in progress)."""

NAME = "origins"
HOOK_API = 1
