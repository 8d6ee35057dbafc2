"""The teamdomino plugin (work in progress)."""

NAME = "teamdomino"
HOOK_API = 1
