#!/usr/bin/env python3
"""Training data formats of shogi_rules against cshogi 1.1.0, in one run.

Usage (normally `bash shogi-py/bench/run.sh --training [ARGS]`):

    python training_bench.py [--rounds 5] [--positions 10000] [--repeat 5] [--copies 200]
                             [--threads 2] [--shogi target/release/shogi]

Rows (positions or records per second; the median over the rounds, the two libraries
alternating within each round, the one that goes first rotating; the ratio is the median of
the per-round ratios ours / cshogi, above 1 meaning shogi_rules is faster):

* encode HCP / PackedSfen: the positions of seeded random games and of the corpus records.
  "objects": both start from position objects prepared beforehand (a shogi_rules Position
  and a cshogi Board per position); ours bulk ``training.encode_hcp(positions)`` and per
  position ``Position.to_hcp()`` / ``to_psfen()``; cshogi ``board.to_hcp(row)`` /
  ``to_psfen(row)`` into the rows of a NumPy array (cshogi has no bulk encoder).
  "SFEN": both start from SFEN text: ours ``encode_hcp(sfens)``, cshogi
  ``board.set_sfen(sfen); board.to_hcp(row)`` on one Board.
* decode HCP / PackedSfen: ours ``training.decode_hcp(buffer)`` (bulk, one Position object
  each) and ``Position.from_hcp(row)`` per position; cshogi ``board.set_hcp(row)`` into one
  Board, reused (no object made per position).
* archive conversion: the KIF and CSA records of tests/data/corpus copied ``--copies`` times
  into a temporary directory, turned into an HCPE file (a position per move, its move16 and
  the game's result): ours ``shogi training convert DIR --to hcpe -o FILE --threads N
  --keep-unfinished`` timed as a subprocess; cshogi a ``multiprocessing.Pool(N)`` parsing each
  file (text decoded as UTF-8, else CP932, then ``CSA.Parser.parse_str`` /
  ``KIF.Parser.parse_str``: ``parse_file`` would take every .kif for CP932), replaying it on
  a Board (each move checked with ``is_legal``) and filling a ``HuffmanCodedPosAndEval``
  array, written by the parent (pool start included). Files that crash cshogi (a CSA parser
  segmentation fault) are found beforehand in a child process and left out of its list.

Before timing, the HCP and PackedSfen bytes of both libraries are compared position by
position; a difference aborts the run.
"""

from __future__ import annotations

import argparse
from importlib import metadata
import multiprocessing
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import cshogi
import cshogi.CSA
import cshogi.KIF
import numpy as np

import shogi_rules
from shogi_rules import Position, training

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "tests" / "data" / "corpus"
SEED = 20261202
KIF_EXT = (".kif", ".kifu")
CSA_EXT = (".csa",)


def random_game_positions(count: int, rng: random.Random) -> list[Position]:
    """Every position of random legal games from the start (up to 160 plies each)."""
    out: list[Position] = []
    while len(out) < count:
        pos = Position()
        for _ in range(rng.randrange(20, 161)):
            out.append(pos)
            moves = pos.legal_moves
            if not moves:
                break
            pos = pos.play(rng.choice(moves))
    return out[:count]


def record_files() -> list[Path]:
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix in KIF_EXT + CSA_EXT)


def corpus_positions() -> list[Position]:
    """The positions of the main lines of the corpus records shogi_rules reads."""
    out: list[Position] = []
    for path in record_files():
        try:
            records = shogi_rules.read_all(path)
        except Exception:  # noqa: BLE001 - the corpus holds records that do not read
            continue
        for rec in records:
            pos = rec.start
            for move in rec.moves:
                out.append(pos)
                pos = pos.play(move)
            out.append(pos)
    return out


def encodable(positions: list[Position]) -> list[Position]:
    keep = []
    for p in positions:
        try:
            p.to_hcp()
            keep.append(p)
        except training.PackError:
            pass
    return keep


# --- timing -------------------------------------------------------------------------------


def measure(rows, rounds: int, repeat: int):
    """rows: (name, unit, {label: fn}) with fn() -> count; returns {name: {label: [rates]}}.
    Position rows run `repeat` times per measurement, so that each lasts some 0.1 s."""
    results = {name: {label: [] for label in fns} for name, _, fns in rows}
    for r in range(rounds):
        for name, unit, fns in rows:
            reps = repeat if unit == "positions" else 1
            labels = list(fns)
            labels = labels[r % len(labels):] + labels[: r % len(labels)]
            for label in labels:
                t0 = time.perf_counter()
                n = sum(fns[label]() for _ in range(reps))
                results[name][label].append(n / (time.perf_counter() - t0))
    return results


def report(rows, results) -> None:
    print(f"\n{'row':<42} {'library / call':<34} {'median /s':>12}  ratio vs cshogi")
    for name, unit, fns in rows:
        rates = results[name]
        cs = rates["cshogi"]
        for i, label in enumerate(fns):
            med = statistics.median(rates[label])
            ratio = ""
            if label != "cshogi":
                ratio = f"{statistics.median(a / b for a, b in zip(rates[label], cs)):.2f}x"
            print(f"{name if i == 0 else '':<42} {label:<34} {med:>12,.0f}  {ratio:>6}  ({unit})")


# --- archive conversion -------------------------------------------------------------------


def cshogi_file(path: str):
    """One file's HCPE entries with cshogi, or None when its parser fails or gives a move
    that is not legal (checked as our converter checks every move)."""
    try:
        # parse_file takes every .kif for CP932 and every .csa for the locale's encoding; the
        # corpus mixes UTF-8 and CP932, so the text is decoded here and given to parse_str.
        with open(path, "rb") as f:
            data = f.read()
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp932")
        if path.endswith(CSA_EXT):
            parsers = cshogi.CSA.Parser.parse_str(text)
        else:
            parsers = [cshogi.KIF.Parser.parse_str(text)]
    except Exception:  # noqa: BLE001
        return None
    board = cshogi.Board()
    chunks = []
    for parser in parsers:
        placement = parser.sfen.split()[0]
        if "K" not in placement or "k" not in placement:  # no HCP; cshogi's to_hcp would crash
            continue
        board.set_sfen(parser.sfen)
        hcpes = np.zeros(len(parser.moves), cshogi.HuffmanCodedPosAndEval)
        result = parser.win if parser.win in (cshogi.BLACK_WIN, cshogi.WHITE_WIN) else cshogi.DRAW
        for i, move in enumerate(parser.moves):
            if not board.is_legal(move):  # a misread move: pushing it corrupts cshogi's memory
                return None
            board.to_hcp(hcpes[i : i + 1]["hcp"])
            hcpes[i]["bestMove16"] = cshogi.move16(move)
            hcpes[i]["gameResult"] = result
            board.push(move)
        chunks.append(hcpes)
    return np.concatenate(chunks) if chunks else np.zeros(0, cshogi.HuffmanCodedPosAndEval)


def cshogi_crashers(files: list[Path]) -> set[str]:
    """The files on which cshogi crashes the process (its CSA parser on some inputs), found by
    running cshogi_file over them in a child that is restarted after each crash."""
    crashed: set[str] = set()
    todo = [str(p) for p in files]
    while todo:
        proc = subprocess.run([sys.executable, __file__, "--screen"], input="\n".join(todo),
                              capture_output=True, text=True)
        done = len(proc.stdout.splitlines())
        if proc.returncode == 0:
            break
        crashed.add(todo[done])
        todo = todo[done + 1 :]
    return crashed


def screen() -> None:
    for path in sys.stdin.read().splitlines():
        cshogi_file(path)
        print(path, flush=True)


def cshogi_convert(files: list[str], out: str, threads: int) -> tuple[int, int]:
    """(positions written, files failed); `files` leaves out those cshogi crashes on."""
    failed = 0
    with multiprocessing.Pool(threads) as pool, open(out, "wb") as f:
        written = 0
        for hcpes in pool.imap(cshogi_file, files, chunksize=16):
            if hcpes is None:
                failed += 1
                continue
            hcpes.tofile(f)
            written += len(hcpes)
    return written, failed


def ours_convert(shogi: str, directory: str, out: str, threads: int) -> tuple[int, str]:
    cmd = [shogi, "training", "convert", directory, "--to", "hcpe", "-o", out,
           "--threads", str(threads), "--keep-unfinished"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode not in (0, 1):  # 1: some inputs failed, the rest written
        raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stderr}")
    return os.path.getsize(out) // training.HCPE_SIZE, proc.stdout


# --- main ---------------------------------------------------------------------------------


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--positions", type=int, default=10_000, help="random-game positions")
    ap.add_argument("--repeat", type=int, default=5, help="passes over the positions each time")
    ap.add_argument("--copies", type=int, default=200, help="copies of the corpus records")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--shogi", default=str(REPO / "target" / "release" / "shogi"))
    ap.add_argument("--no-convert", action="store_true")
    ap.add_argument("--screen", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.screen:
        return screen()

    rng = random.Random(SEED)
    positions = encodable(random_game_positions(args.positions, rng) + corpus_positions())
    sfens = [p.sfen() for p in positions]
    boards = [cshogi.Board(s) for s in sfens]
    n = len(positions)
    print(f"shogi_rules {shogi_rules.__version__}, cshogi {metadata.version('cshogi')}, "
          f"Python {sys.version.split()[0]}, numpy {np.__version__}")
    print(f"{n:,} positions ({args.positions:,} from random games, seed {SEED}; the rest the "
          f"corpus main lines), {args.repeat} passes per measurement, {args.rounds} rounds")

    # Agreement, and the inputs of the decoders.
    ours_hcp = training.encode_hcp(positions)
    cs_hcp = np.empty((n, 32), np.uint8)
    cs_psfen = np.empty((n, 32), np.uint8)
    for i, b in enumerate(boards):
        b.to_hcp(cs_hcp[i])
        b.to_psfen(cs_psfen[i])
    if ours_hcp != cs_hcp.tobytes():
        raise SystemExit("HCP bytes differ from cshogi's")
    if b"".join(p.to_psfen() for p in positions) != cs_psfen.tobytes():
        raise SystemExit("PackedSfen bytes differ from cshogi's")
    print("HCP and PackedSfen bytes identical to cshogi's for every position")
    hcp_rows = [ours_hcp[i * 32 : (i + 1) * 32] for i in range(n)]
    psfen_rows = [bytes(r) for r in cs_psfen]
    cs_hcp_rows = list(cs_hcp)
    cs_psfen_rows = list(cs_psfen)
    out = list(np.empty((n, 32), np.uint8))
    board = cshogi.Board()

    def cs_encode(method):
        def run():
            for b, row in zip(boards, out):
                getattr(b, method)(row)
            return n
        return run

    def cs_encode_sfen():
        for s, row in zip(sfens, out):
            board.set_sfen(s)
            board.to_hcp(row)
        return n

    def cs_decode(method, rows):
        def run():
            f = getattr(board, method)
            for row in rows:
                f(row)
            return n
        return run

    def per_position(fn, items):
        def run():
            for x in items:
                fn(x)
            return n
        return run

    rows = [
        ("encode HCP, from objects", "positions", {
            "ours encode_hcp(positions)": lambda: len(training.encode_hcp(positions)) // 32,
            "ours Position.to_hcp()": per_position(Position.to_hcp, positions),
            "cshogi": cs_encode("to_hcp"),
        }),
        ("encode HCP, from SFEN", "positions", {
            "ours encode_hcp(sfens)": lambda: len(training.encode_hcp(sfens)) // 32,
            "cshogi": cs_encode_sfen,
        }),
        ("encode PackedSfen, from objects", "positions", {
            "ours Position.to_psfen()": per_position(Position.to_psfen, positions),
            "cshogi": cs_encode("to_psfen"),
        }),
        ("decode HCP", "positions", {
            "ours decode_hcp(buffer)": lambda: len(training.decode_hcp(ours_hcp)),
            "ours Position.from_hcp(row)": per_position(Position.from_hcp, hcp_rows),
            "cshogi": cs_decode("set_hcp", cs_hcp_rows),
        }),
        ("decode PackedSfen", "positions", {
            "ours Position.from_psfen(row)": per_position(Position.from_psfen, psfen_rows),
            "cshogi": cs_decode("set_psfen", cs_psfen_rows),
        }),
    ]

    notes = []
    tmp = tempfile.mkdtemp(prefix="training-bench-")
    try:
        if not args.no_convert:
            files = record_files()
            kinds = {"KIF": sum(p.suffix in KIF_EXT for p in files),
                     "CSA": sum(p.suffix in CSA_EXT for p in files)}
            crashers = cshogi_crashers(files)
            src = Path(tmp) / "records"
            copies = []  # cshogi's input: the copies of the files it does not crash on
            for c in range(args.copies):
                for i, p in enumerate(files):
                    dst = src / f"{c:03}" / f"{i:03}-{p.name}"
                    dst.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(p, dst)
                    if str(p) not in crashers:
                        copies.append(str(dst))
            ours_out, cs_out = str(Path(tmp) / "ours.hcpe"), str(Path(tmp) / "cshogi.hcpe")
            ours_written, summary = ours_convert(args.shogi, str(src), ours_out, args.threads)
            cs_written, cs_failed = cshogi_convert(copies, cs_out, args.threads)
            count = len(files) * args.copies
            notes.append(
                f"conversion: {len(files)} corpus files ({kinds['KIF']} KIF, {kinds['CSA']} CSA)"
                f" x {args.copies} = {count} files; ours wrote {ours_written:,} positions, "
                f"cshogi {cs_written:,} ({cs_failed // args.copies} files per copy refused by "
                f"its parsers or with a move it finds illegal, {len(crashers)} left out as "
                f"crashing it: {', '.join(sorted(Path(c).name for c in crashers))}); records/s "
                f"count every file given. Our summary:\n    "
                + summary.strip().replace("\n", "\n    "))

            def ours_run():
                ours_convert(args.shogi, str(src), ours_out, args.threads)
                return count

            def cs_run():
                cshogi_convert(copies, cs_out, args.threads)
                return count

            rows.append((f"archive -> HCPE, {args.threads} workers", "record files",
                         {"ours shogi training convert": ours_run, "cshogi": cs_run}))
        results = measure(rows, args.rounds, args.repeat)
        if not args.no_convert:
            rates = results[rows[-1][0]]
            ours_rate = statistics.median(rates["ours shogi training convert"])
            cs_rate = statistics.median(rates["cshogi"])
            ours_pos, cs_pos = ours_rate * ours_written / count, cs_rate * cs_written / count
            notes.append(f"conversion in positions written per second: ours {ours_pos:,.0f}, "
                         f"cshogi {cs_pos:,.0f} ({ours_pos / cs_pos:.2f}x); per run, ours "
                         f"{count / ours_rate:.2f} s, cshogi {count / cs_rate:.2f} s")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    report(rows, results)
    for note in notes:
        print("\n" + note)


if __name__ == "__main__":
    main()
