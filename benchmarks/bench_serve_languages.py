"""What ``kd serve`` spends a move making a table's state in its pages' languages.

Every change of a table makes what its pages see (the view and the decision) in each
language one of its pages reads (``Table.speak``): one language at a table costs one,
three cost three. This plays ``--moves`` moves of base 2-player games (two people on
one device, the first legal move each time) through ``Table.act`` with the table's
pages in English only, then in English, French and traditional Chinese, interleaved
``--rounds`` times, and prints the CPU time a move (best of the rounds) of each.

    python benchmarks/bench_serve_languages.py                  # 200 moves, 5 rounds
    python benchmarks/bench_serve_languages.py --moves 100 --rounds 3
"""

from __future__ import annotations

import argparse
import time

from kingdomino_core.rulesets.files import load_ruleset_file
from kingdomino_core.rulesets.lookup import find_ruleset
from kingdomino_web import tables
from kingdomino_web.seats import SeatSpec

CASES = {"pages in 1 language": ("en",), "pages in 3 languages": ("en", "fr", "zh_Hant")}


def per_move(languages: tuple[str, ...], moves: int) -> float:
    """CPU seconds a move of ``Table.act`` with pages open in ``languages``."""
    ruleset = load_ruleset_file(find_ruleset("base"))
    seats = [SeatSpec(name="A", kind="here"), SeatSpec(name="B", kind="here")]
    played, spent, seed = 0, 0.0, 0
    while played < moves:
        table = tables.new_table(ruleset, seats, seed, None)
        seed += 1
        for language in languages:
            if hasattr(table, "speak"):  # (an older table made every language anyway)
                table.speak(language)
        while played < moves and not table.game.is_terminal():
            table.run_bots()  # a person's forced move, played for them
            if table.game.is_terminal():
                break
            start = time.process_time()
            table.act(table.host, table.game.legal_actions()[0], table.version)
            spent += time.process_time() - start
            played += 1
    return spent / played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    found: dict[str, list[float]] = {name: [] for name in CASES}
    for _ in range(args.rounds):
        for name, languages in CASES.items():
            found[name].append(per_move(languages, args.moves))
    print(f"kd serve, Table.act CPU time a move ({args.moves} moves, best of {args.rounds}):")
    for name, got in found.items():
        print(f"  {name:22} {min(got) * 1000:6.2f} ms")
    one, three = (min(got) for got in found.values())
    print(f"  3 languages / 1: {three / one:.2f}")


if __name__ == "__main__":
    main()
