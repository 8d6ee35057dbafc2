"""Shared pieces of the fuzz suite: running ``kd`` in-process, its invariant, the tally.

The invariant every fuzzed input must keep (issue 12): ``kd`` never ends with exit
status 1 (an internal error), never prints a traceback (no ``--debug`` here), every
line it writes on standard error starts with ``kd:`` or is a located ruleset problem,
and a refused input leaves the files it was given unchanged (no save lost or
overwritten).

``FUZZ_EXAMPLES`` sets the number of examples per target (default: a CI-sized run);
the tally of outcomes by exit status is printed at the end of the session (see
``conftest.py``), and written as JSON to ``FUZZ_REPORT`` if that is set.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from hypothesis import HealthCheck, settings

from kingdomino_cli.app import main

#: Examples per fuzz target: small in CI, larger locally (``FUZZ_EXAMPLES=2000``).
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "30"))

#: (target, exit status) -> count, over the whole session.
TALLY: Counter[tuple[str, int]] = Counter()

#: The settings of every fuzz test: no deadline (the machine is shared), reproducible.
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=os.environ.get("FUZZ_RANDOM") is None,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.function_scoped_fixture,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)


class Outcome:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code = code
        self.out = out
        self.err = err


class _NoInput(io.StringIO):
    def isatty(self) -> bool:
        return False


def run_kd(target: str, *args: str, allowed: Iterable[int] = (0, 2, 3, 4, 5, 6, 7)) -> Outcome:
    """Run ``kd ARGS`` in this process; check the invariant; count the outcome."""
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = _NoInput()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exc:  # nothing may end kd but main's own return
                raise AssertionError(f"SystemExit({exc.code}) escaped kd {args}") from exc
    finally:
        sys.stdin = stdin
    result = Outcome(code, out.getvalue(), err.getvalue())
    TALLY[(target, code)] += 1
    check_invariant(result, args, allowed)
    return result


def check_invariant(result: Outcome, args: tuple[str, ...], allowed: Iterable[int]) -> None:
    shown = " ".join(a if len(a) < 60 else a[:57] + "..." for a in args)
    assert result.code != 1, f"kd {shown}: internal error:\n{result.err[-2000:]}"
    assert result.code in set(allowed), f"kd {shown}: exit {result.code}:\n{result.err[-2000:]}"
    assert "Traceback" not in result.err, f"kd {shown}: traceback:\n{result.err[-2000:]}"
    for line in result.err.splitlines():
        ok = line.startswith("kd:") or ": " in line  # located ruleset problems: file:line: ...
        assert ok, f"kd {shown}: stray stderr line {line!r}"


def snapshot(paths: Iterable[Path]) -> dict[Path, bytes | None]:
    """The bytes of each file (None if missing), to check a refusal changed nothing."""
    return {p: p.read_bytes() if p.exists() else None for p in paths}


def forget_plugin_modules() -> None:
    """Plugin files are imported once per path; fuzzed files get fresh paths anyway,
    but the module table must not grow without end in long runs."""
    for name in [m for m in sys.modules if m.startswith("kd_local_")]:
        del sys.modules[name]


_counter = [0]


def fresh_dir(root: Path) -> Path:
    """A new directory under ``root`` for one example (hypothesis reuses fixtures)."""
    _counter[0] += 1
    path = root / f"ex{_counter[0]}"
    path.mkdir()
    return path
