"""Games saved before the shared purchase mechanic and typed step payloads (issue 11
item 6) replay move for move to the very same final result: kingdoms, tiles,
cro-magnons, totems and scores. The files in ``data/saves_0_1`` were written by
``kd play --save`` with the engine as it was before that change (random and greedy
players), so a change of action encoding, legality or scoring in The Court, Origins
or the Age of Giants shows here as a replay failure."""

from __future__ import annotations

from pathlib import Path

import pytest

from kingdomino_core.saves.savegame import read_save, verify

SAVES = sorted((Path(__file__).parent / "data" / "saves_0_1").glob("*.json"))
#: Each save holds the decisions it is kept for (one of each step kind changed).
KINDS = {
    "court-3p": {"court.buy", "court.pay", "court.reveal"},
    "origins-tribe-2p": {"origins.recruit", "origins.pay", "origins.cave_draw", "origins.fire"},
    "origins-totem-4p": {"origins.totem", "origins.fire"},
    "age-of-giants-3p": {"aog.send", "aog.cover"},
}


def test_the_saves_are_all_here() -> None:
    assert sorted(p.stem for p in SAVES) == sorted(KINDS)


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_an_old_save_replays_to_its_stored_result(path: Path) -> None:
    saved = read_save(path)
    assert KINDS[path.stem] <= {action["kind"] for action in saved.log}
    assert saved.result is not None
    found = verify(saved, str(path))
    assert found.ok, found.problem
    assert found.finished
