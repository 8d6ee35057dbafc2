"""Prints the fuzz tally (tries and outcomes by exit status) at the end of a session."""

from __future__ import annotations

import json
import os
from typing import Any

from fuzz_support import EXAMPLES, TALLY


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not TALLY:
        return
    targets = sorted({t for t, _ in TALLY})
    statuses = sorted({s for _, s in TALLY})
    write = terminalreporter.write_line
    write(
        f"fuzz tally (FUZZ_EXAMPLES={EXAMPLES}): runs of kd by exit status "
        "(web-http: requests by HTTP status; web-ws: live channels by close code)"
    )
    write("  " + f"{'target':<22}" + "".join(f"{s:>7}" for s in statuses) + "  total")
    for target in targets:
        row = [TALLY.get((target, s), 0) for s in statuses]
        write("  " + f"{target:<22}" + "".join(f"{n:>7}" for n in row) + f"  {sum(row):>5}")
    report = os.environ.get("FUZZ_REPORT")
    if report:
        data = {t: {str(s): TALLY.get((t, s), 0) for s in statuses} for t in targets}
        with open(report, "w", encoding="utf-8") as fh:
            json.dump({"examples": EXAMPLES, "tally": data}, fh, indent=1)
