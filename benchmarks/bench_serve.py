"""Load benchmark of ``kd serve``: many concurrent tables over the live channel.

Starts a real ``kd serve`` process on 127.0.0.1 (never another address) with a
fresh data folder, creates ``--tables`` tables (alternately one scripted human
against a greedy bot, and two scripted humans with a random bot), connects every
human seat by its own WebSocket with its seat token, and plays every game to the
end: each scripted human answers its decisions at once with a seeded random legal
move. Bounded in count (``--tables``) and in time (``--timeout``).

It prints moves per second, and the latency from a human's move being sent to the
next state arriving on that page (p50/p95/p99), and to that human's next decision
(the bots' and the other human's turns, thinking included); then checks that no
move was lost or applied twice (each seat's moves in the saved log equal the moves
its page had acknowledged, and no move was refused) and that every finished table's
save verifies; and the server's memory (resident at the end, and its peak).
Baseline, side by side: the same games replayed in-process by the engine
(no server), in moves per second.

    python benchmarks/bench_serve.py                    # 100 tables, humans think ~1 s
    python benchmarks/bench_serve.py --think 0          # humans answer at once (stress)
    python benchmarks/bench_serve.py --tables 20 --timeout 120
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

from kingdomino_core.saves.savegame import parse_save, replay, verify
from kingdomino_web.views import decision_moves


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_memory(pid: int) -> str:
    """The server process's resident memory now and at its peak (Linux), in MB."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return "(not measured on this system)"
    kb = {
        k: int(v.split()[0])
        for k, v in (ln.split(":", 1) for ln in status.splitlines())
        if k in ("VmRSS", "VmHWM")
    }
    return f"RSS {kb.get('VmRSS', 0) / 1024:.0f} MB, peak {kb.get('VmHWM', 0) / 1024:.0f} MB"


def start_server(data: Path, port: int) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "kingdomino_cli.app", "serve", "--host", "127.0.0.1"]
    proc = subprocess.Popen(
        [*cmd, "--port", str(port), "--data", str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("kd serve did not start")
        if "serving on" in line:
            break
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.05)
    raise SystemExit("kd serve never listened")


def http(base: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.read().decode()


def random_move(decision: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    return rng.choice(decision_moves(decision))


class Stats:
    def __init__(self) -> None:
        self.to_state: list[float] = []
        self.to_decision: list[float] = []
        self.refused: list[str] = []
        #: (table, seat) -> moves acknowledged by a new state.
        self.played: dict[tuple[str, int], int] = {}


async def human(
    ws_url: str, table: str, token: str, seat: int, seed: int, stats: Stats, think: float
) -> None:
    """One scripted human at one table: answer every decision of ``seat`` until the end."""
    rng = random.Random(seed)
    played = 0
    # No keepalive pings: under a saturating load (--think 0) a late pong would end the
    # connection, and this measures moves, not idle connections.
    async with websockets.connect(ws_url, max_size=2**24, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_version = -1
        while True:
            message = json.loads(await ws.recv())
            now = time.perf_counter()
            if message["type"] == "refused":
                stats.refused.append(f"{table} seat {seat}: {message['reason']}")
                sent_at = None
                continue
            if message["type"] != "state":
                continue
            view = message["view"]
            if sent_at is not None and sent_version >= 0 and view["version"] > sent_version:
                stats.to_state.append(now - sent_at)
                played += 1
                sent_version = -2  # the move is acknowledged; wait for the decision
            decision = message["decision"]
            if sent_at is not None and decision is not None and sent_version == -2:
                stats.to_decision.append(now - sent_at)
                sent_at = None
            if view["finished"]:
                break
            if decision is None or sent_at is not None:
                continue
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            move = random_move(decision, rng)
            sent_version = view["version"]
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": move, "version": view["version"]}))
    stats.played[table, seat] = played


async def run(args: argparse.Namespace, base: str) -> tuple[Stats, list[dict[str, Any]], float]:
    stats = Stats()
    tables = []
    for i in range(args.tables):
        if i % 2 == 0:
            seats = [{"name": "H", "kind": "link"}, {"name": "G", "kind": "bot", "agent": "greedy"}]
        else:
            seats = [
                {"name": "H1", "kind": "link"},
                {"name": "H2", "kind": "link"},
                {"name": "R", "kind": "bot", "agent": "random"},
            ]
        body = {"ruleset": "base", "seats": seats, "seed": args.seed + i}
        tables.append(json.loads(http(base, "/api/tables", body)))
    ws_base = base.replace("http://", "ws://")
    jobs = []
    for n, table in enumerate(tables):
        for link in table["links"]:
            if link["kind"] == "link":
                jobs.append(
                    human(
                        f"{ws_base}/ws/tables/{table['id']}",
                        table["id"],
                        link["token"],
                        link["seat"],
                        args.seed * 1000 + n * 10 + link["seat"],
                        stats,
                        args.think,
                    )
                )
    start = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*jobs), timeout=args.timeout)
    return stats, tables, time.perf_counter() - start


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds, whole run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="seconds a scripted human takes to decide (each time 0.5x to 1.5x this; "
        "0: answer at once, a stress test of throughput)",
    )
    parser.add_argument("--data-parent", default=None, help="where the data folder goes")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp(prefix="kd-bench-serve-", dir=args.data_parent))
    port = free_port()
    server = start_server(data, port)
    base = f"http://127.0.0.1:{port}"
    try:
        stats, tables, elapsed = asyncio.run(run(args, base))
        saves = {t["id"]: http(base, f"/api/tables/{t['id']}/save") for t in tables}
        memory = server_memory(server.pid)
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    problems = list(stats.refused)
    total_moves = human_moves = 0
    finished = 0
    replay_time = 0.0
    for table in tables:
        saved = parse_save(saves[table["id"]])
        total_moves += len(saved.log)
        finished += saved.finished
        report = verify(saved)
        if not report.ok or not saved.finished:
            problems.append(f"{table['id']}: {report.problem or 'not finished'}")
        for link in table["links"]:
            seat = link["seat"]
            logged = sum(1 for a in saved.log if a.get("seat") == seat)
            human_moves += logged
            acked = stats.played.get((table["id"], seat), -1)
            if logged != acked:
                problems.append(
                    f"{table['id']} seat {seat}: {logged} moves saved, {acked} acknowledged"
                )
        t0 = time.perf_counter()
        replay(saved)
        replay_time += time.perf_counter() - t0
    print(
        f"kd serve load benchmark: {len(tables)} concurrent tables on 127.0.0.1, "
        f"scripted humans think {args.think:g} s (0.5x to 1.5x)"
    )
    print(f"  finished tables         {finished}/{len(tables)} in {elapsed:.1f} s")
    print(f"  moves (all, chance too) {total_moves}: {total_moves / elapsed:,.0f} moves/s")
    print(f"  human moves             {human_moves}: {human_moves / elapsed:,.0f} moves/s")
    print(
        "  human move -> next state  "
        f"p50 {pct(stats.to_state, 50):.1f} ms  p95 {pct(stats.to_state, 95):.1f} ms  "
        f"p99 {pct(stats.to_state, 99):.1f} ms  (n={len(stats.to_state)})"
    )
    print(
        "  human move -> that human's next decision (bots' and other humans' turns included)  "
        f"p50 {pct(stats.to_decision, 50):.1f} ms  p95 {pct(stats.to_decision, 95):.1f} ms  "
        f"p99 {pct(stats.to_decision, 99):.1f} ms"
    )
    mean = statistics.mean(stats.to_state) * 1000 if stats.to_state else float("nan")
    print(f"  mean move -> state {mean:.1f} ms")
    print(f"  server memory           {memory} (resident at the end, and its peak)")
    print(
        f"  baseline: the engine replays the same {total_moves} moves in-process at "
        f"{total_moves / replay_time:,.0f} moves/s"
    )
    if problems:
        print(f"PROBLEMS ({len(problems)}):")
        for p in problems[:20]:
            print("  " + p)
        return 1
    print("  no move lost or applied twice; every save verifies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
