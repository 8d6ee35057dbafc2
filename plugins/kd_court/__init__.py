"""The court plugin (work in progress)."""

NAME = "court"
HOOK_API = 1
