"""The xl plugin (work in progress)."""

NAME = "xl"
HOOK_API = 1
