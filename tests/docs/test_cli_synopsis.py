"""Every option the synopses of docs/cli-reference.md show exists: the tournament's
synopsis offered ``--trust-all``, which no command has (the option is ``--trust``)."""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer

from kingdomino_cli.app import app

from .snippets import DOCS

REFERENCE = (DOCS / "cli-reference.md").read_text(encoding="utf-8")


def _synopses() -> list[tuple[str, list[str]]]:
    """``(command, options)`` of each synopsis line (and its continuation lines)."""
    found: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```text\n(.*?)```", REFERENCE, re.S):
        for line in block.splitlines():
            head = re.match(r"kd ((?:[a-z][\w-]* ?)+)", line)
            if head and "[" in line:
                found.append((head[1].strip(), []))
            elif not (found and line.startswith(" ")):
                continue
            if found:
                found[-1][1].extend(re.findall(r"(?<![\w-])--[a-z][\w-]*", line))
    return found


def _command(path: str) -> Any:
    group: Any = typer.main.get_command(app)
    for word in path.split():
        commands = getattr(group, "commands", {}) or {}
        if word not in commands:
            break
        group = commands[word]
    return group


def _options(command: Any) -> set[str]:
    names = {opt for param in command.params for opt in getattr(param, "opts", ())}
    return names | {opt for param in command.params for opt in getattr(param, "secondary_opts", ())}


SYNOPSES = _synopses()


def test_the_synopses_are_found() -> None:
    assert {"play", "tournament", "simulate", "serve"} <= {c for c, _ in SYNOPSES}


@pytest.mark.parametrize(("command", "options"), SYNOPSES, ids=[c for c, _ in SYNOPSES])
def test_every_option_of_a_synopsis_exists(command: str, options: list[str]) -> None:
    known = _options(_command(command)) | {"--debug", "--help"}
    missing = [o for o in options if o not in known]
    assert not missing, f"kd {command}: {missing} in docs/cli-reference.md are no options"
