#!/usr/bin/env python3
"""The USI client's cost per search: shogi_rules.engine against cshogi.usi.Engine.

Usage (normally through ``run.sh --engine``, which prepares the environment):

    python engine_bench.py [--rounds 5] [--plies 100] [--engine PATH]

Both clients drive the same Fairy-Stockfish (Threads 1, USI_Hash 16) through one game of
``--plies`` plies from the start, each move searched with ``go nodes 1``: the engine's search is
next to nothing, so the wall time of a round trip (``position ... moves ...`` and ``go`` written,
``info`` lines and ``bestmove`` read, the move made on the client's board) is mostly the client
and the pipe. What happens between ``bestmove`` and the next ``go`` cannot be timed from outside
either client; the round trip per move is, and so is reported. The rounds are interleaved (one
game of each client, then the next round) and the client that goes first alternates; the table
gives the median per-move time of each client and the median over rounds of the ratio.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import platform
import shutil
import statistics
import time

import shogi_rules
from shogi_rules import Game
from shogi_rules.engine import Limit, popen_usi

try:
    import cshogi
    import cshogi.usi
except ImportError:  # pragma: no cover - the bench environment installs it
    cshogi = None


def ours_game(path: str, plies: int) -> tuple[float, list[str]]:
    with popen_usi(path, options={"Threads": 1, "USI_Hash": 16}) as engine:
        engine.new_game()
        game = Game()
        moves = []
        limit = Limit(nodes=1)
        start = time.perf_counter()
        for _ in range(plies):
            result = engine.play(game, limit)
            if result.move is None or game.push(result.move) is not None:
                break
            moves.append(result.move.usi())
        took = time.perf_counter() - start
    return took / max(1, len(moves)), moves


def cshogi_game(path: str, plies: int) -> tuple[float, list[str]]:
    engine = cshogi.usi.Engine(path)
    engine.setoption("Threads", 1)
    engine.setoption("USI_Hash", 16)
    engine.isready()
    engine.usinewgame()
    board = cshogi.Board()
    moves: list[str] = []
    start = time.perf_counter()
    for _ in range(plies):
        engine.position(moves=moves)
        best, _ponder = engine.go(nodes=1)
        if best in ("resign", "win"):
            break
        board.push_usi(best)
        moves.append(best)
        if board.is_game_over():
            break
    took = time.perf_counter() - start
    engine.quit()
    return took / max(1, len(moves)), moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--plies", type=int, default=100)
    parser.add_argument("--engine", default=shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish")
    args = parser.parse_args()
    if cshogi is None:
        raise SystemExit("cshogi is not installed")
    ours, theirs, ratios = [], [], []
    for r in range(args.rounds):
        order = [ours_game, cshogi_game] if r % 2 == 0 else [cshogi_game, ours_game]
        got = {f: f(args.engine, args.plies) for f in order}
        (o, o_moves), (c, c_moves) = got[ours_game], got[cshogi_game]
        if o_moves != c_moves:
            print(f"round {r + 1}: the games differ ({len(o_moves)} and {len(c_moves)} plies)")
        ours.append(o)
        theirs.append(c)
        ratios.append(c / o)
        print(f"round {r + 1}: shogi_rules {o * 1e6:.0f} us/move, cshogi {c * 1e6:.0f} us/move, {len(o_moves)} plies")
    print()
    print(
        f"Python {platform.python_version()}, shogi_rules {shogi_rules.__version__}, cshogi {importlib.metadata.version('cshogi')}, "
        f"{args.engine}, go nodes 1, {args.plies} plies, {args.rounds} rounds"
    )
    print("| client | round trip per move (median) | range |")
    print("|---|---|---|")
    print(f"| shogi_rules.engine.SimpleEngine.play | {statistics.median(ours) * 1e6:.0f} µs | {min(ours) * 1e6:.0f}–{max(ours) * 1e6:.0f} µs |")
    print(f"| cshogi.usi.Engine position + go | {statistics.median(theirs) * 1e6:.0f} µs | {min(theirs) * 1e6:.0f}–{max(theirs) * 1e6:.0f} µs |")
    print(f"cshogi / shogi_rules (above 1: shogi_rules is faster): {statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})")


if __name__ == "__main__":
    main()
