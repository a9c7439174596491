#!/usr/bin/env python3
"""Checkmate search side by side: shogi-ai's df-pn solver against cshogi's DfPn.

Usage (normally through ``run.sh --mate``, which prepares the environment):

    python mate_bench.py [--problems FILE] [--nodes 100000] [--repeat 200] [--runner PATH]

Both solvers get the same problems (one SFEN per line, ``bench/data/mate/problems.sfen`` by
default) and the same node budget: cshogi's ``DfPn`` with ``set_max_search_node`` (and
``set_max_depth(127)``, the length cap of shogi-ai's solver), and shogi-ai through the Rust
runner ``bench/src/bin/mate.rs`` (built with ``cargo build --release``), run as a subprocess;
shogi_rules' Python package is not needed. cshogi is timed around ``DfPn.search`` in this process
(the Board is built before the clock starts); shogi-ai's time is the ``elapsed`` its solver
reports for each problem. The report gives each solver's solve rate (mates found), the median
time per problem over all problems and over the problems both solved, and the ratio of the
medians (shogi-ai / cshogi; below 1 means shogi-ai is faster). Every mate shogi-ai reports is
replayed on a cshogi Board: each move legal, the last position mate. A problem cshogi mates and
shogi-ai calls ``nomate`` is listed as a contradiction.

Mate in one: ``Board.mate_move_in_1ply`` against shogi-ai's ``mate_in_one``, each called
``--repeat`` times in a loop per problem and the mean taken (cshogi's includes the cost of a call
from Python).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import platform
import statistics
import subprocess
import time
from pathlib import Path

import cshogi

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
DEFAULT_PROBLEMS = ROOT / "bench" / "data" / "mate" / "problems.sfen"


def read_problems(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def build_runner() -> Path:
    env = dict(os.environ, CARGO_BUILD_JOBS=os.environ.get("CARGO_BUILD_JOBS", "2"))
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "-p", "shogi-bench", "--bin", "mate"],
        cwd=ROOT,
        check=True,
        env=env,
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "release" / "mate"


def run_ours(runner: Path, problems: Path, args: list[str]) -> list[dict]:
    out = subprocess.run(
        [str(runner), str(problems), *args], check=True, capture_output=True, text=True
    ).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def run_cshogi(sfens: list[str], nodes: int) -> list[dict]:
    dfpn = cshogi.DfPn()
    dfpn.set_max_search_node(nodes)
    dfpn.set_max_depth(127)
    results = []
    for sfen in sfens:
        board = cshogi.Board(sfen)
        start = time.perf_counter()
        found = dfpn.search(board)
        took = time.perf_counter() - start
        pv = [cshogi.move_to_usi(m) for m in dfpn.get_pv(board)] if found else []
        results.append({"mate": bool(found), "seconds": took, "plies": len(pv)})
    return results


def replays_to_mate(sfen: str, pv: list[str]) -> bool:
    board = cshogi.Board(sfen)
    for usi in pv:
        move = board.move_from_usi(usi)
        if move == 0 or not board.is_legal(move):
            return False
        board.push(move)
    return board.is_game_over() and board.is_check()


def cshogi_mate1(sfens: list[str], repeat: int) -> list[dict]:
    results = []
    for sfen in sfens:
        board = cshogi.Board(sfen)
        mate = board.mate_move_in_1ply
        start = time.perf_counter()
        for _ in range(repeat):
            move = mate()
        took = (time.perf_counter() - start) / repeat
        results.append({"mate": move != 0, "ns": took * 1e9})
    return results


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--problems", type=Path, default=DEFAULT_PROBLEMS)
    parser.add_argument("--nodes", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--runner", type=Path, help="a built bench/src/bin/mate (default: build it)")
    args = parser.parse_args()

    runner = args.runner or build_runner()
    sfens = read_problems(args.problems)
    print(f"{len(sfens)} problems from {args.problems}, {args.nodes} nodes each")
    print(f"python {platform.python_version()}, cshogi {importlib.metadata.version('cshogi')}")

    ours = run_ours(runner, args.problems, ["--nodes", str(args.nodes)])
    theirs = run_cshogi(sfens, args.nodes)
    assert len(ours) == len(theirs) == len(sfens)

    bad_pv = [i for i, r in enumerate(ours) if r["answer"] == "mate"
              and not replays_to_mate(sfens[i], r["pv"].split())]
    contradictions = [i for i, (a, b) in enumerate(zip(ours, theirs))
                      if a["answer"] == "nomate" and b["mate"]]
    ours_solved = sum(r["answer"] == "mate" for r in ours)
    theirs_solved = sum(r["mate"] for r in theirs)
    ours_nomate = sum(r["answer"] == "nomate" for r in ours)
    both = [i for i in range(len(sfens)) if ours[i]["answer"] == "mate" and theirs[i]["mate"]]
    only_ours = sum(1 for i in range(len(sfens)) if ours[i]["answer"] == "mate" and not theirs[i]["mate"])
    only_theirs = sum(1 for i in range(len(sfens)) if theirs[i]["mate"] and ours[i]["answer"] != "mate")

    ours_all = median([r["seconds"] for r in ours])
    theirs_all = median([r["seconds"] for r in theirs])
    ours_both = median([ours[i]["seconds"] for i in both])
    theirs_both = median([theirs[i]["seconds"] for i in both])
    ratios = [ours[i]["seconds"] / theirs[i]["seconds"] for i in range(len(sfens))
              if theirs[i]["seconds"] > 0]
    shorter = sum(1 for i in both if ours[i]["plies"] < theirs[i]["plies"])
    longer = sum(1 for i in both if ours[i]["plies"] > theirs[i]["plies"])

    n = len(sfens)
    print()
    print("df-pn                          shogi-ai      cshogi")
    print(f"mates found                 {ours_solved:5d} ({100 * ours_solved / n:4.1f}%) "
          f"{theirs_solved:5d} ({100 * theirs_solved / n:4.1f}%)")
    print(f"  found by one only         {only_ours:11d} {only_theirs:11d}")
    print(f"proven no mate (shogi-ai)   {ours_nomate:11d}")
    print(f"median time, all problems   {ours_all * 1e3:9.3f}ms {theirs_all * 1e3:9.3f}ms"
          f"   ratio {ours_all / theirs_all:.2f}")
    print(f"median time, both mate      {ours_both * 1e3:9.3f}ms {theirs_both * 1e3:9.3f}ms"
          f"   ratio {ours_both / theirs_both:.2f}")
    print(f"median per-problem ratio    {median(ratios):.2f}")
    print(f"total time                  {sum(r['seconds'] for r in ours):9.3f}s "
          f"{sum(r['seconds'] for r in theirs):9.3f}s")
    print(f"mates both found: shogi-ai's line shorter in {shorter}, longer in {longer}")
    print(f"shogi-ai mates that do not replay to mate: {len(bad_pv)} {bad_pv[:10]}")
    print(f"cshogi mates shogi-ai calls no mate: {len(contradictions)} {contradictions[:10]}")

    ours1 = run_ours(runner, args.problems, ["--mate1", "--repeat", str(args.repeat)])
    theirs1 = cshogi_mate1(sfens, args.repeat)
    disagree = [i for i in range(n) if (ours1[i]["mate"] is not None) != theirs1[i]["mate"]]
    o1 = median([r["ns"] for r in ours1])
    t1 = median([r["ns"] for r in theirs1])
    print()
    print("mate in one                    shogi-ai      cshogi")
    print(f"positions with a mate in one {sum(r['mate'] is not None for r in ours1):11d} "
          f"{sum(r['mate'] for r in theirs1):11d}")
    print(f"median time per position     {o1:9.0f}ns {t1:9.0f}ns   ratio {o1 / t1:.2f}")
    print(f"positions where they disagree: {len(disagree)} {disagree[:10]}")


if __name__ == "__main__":
    main()
