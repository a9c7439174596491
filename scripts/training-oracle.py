#!/usr/bin/env python3
"""Writes tests/data/training/cshogi-oracle.txt: cshogi's HCP, PackedSfen and
move16 for positions of seeded random play and of the records under
tests/data/, as an output oracle for shogi-rules' `training` module
(shogi-rules/tests/training_oracle.rs).

cshogi 1.1.0 (GPL-3.0) is run as a black box; nothing of it is copied.

    python3 -m venv /tmp/cshogi-venv
    /tmp/cshogi-venv/bin/pip install cshogi==1.1.0 numpy
    /tmp/cshogi-venv/bin/python scripts/training-oracle.py > tests/data/training/cshogi-oracle.txt

The output is the same on every run (seeded random play, files read in
sorted order). Lines:

    s SFEN                       a sequence starts from this position
    m USI M16 HASH               for the current position: a legal move, its
                                 move16 (4 hex digits), and the FNV-1a 32 hash
                                 (8 hex digits) of cshogi's HCP bytes followed
                                 by its PackedSfen bytes; then the move is played
    f USI M16 HCP PSFEN          the same with the 32 bytes of each in hex
    e HASH / e HCP PSFEN         a position without legal moves (end of sequence)
"""

import glob
import os
import random
import sys

import cshogi
import cshogi.CSA
import cshogi.KIF
import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SEED = 20261202
FULL_EVERY = 50


def fnv32(data):
    h = 0x811C9DC5
    for b in data:
        h ^= b
        h = (h * 0x01000193) & 0xFFFFFFFF
    return h


class Writer:
    def __init__(self, out):
        self.out = out
        self.count = 0

    def position(self, board, move):
        hcp = np.zeros(32, np.uint8)
        psfen = np.zeros(32, np.uint8)
        board.to_hcp(hcp)
        board.to_psfen(psfen)
        full = self.count % FULL_EVERY == 0
        self.count += 1
        if move is None:
            if full:
                self.out.write("e %s %s\n" % (hcp.tobytes().hex(), psfen.tobytes().hex()))
            else:
                self.out.write("e %08x\n" % fnv32(hcp.tobytes() + psfen.tobytes()))
            return
        usi = cshogi.move_to_usi(move)
        m16 = cshogi.move16(move)
        if full:
            self.out.write("f %s %04x %s %s\n" % (usi, m16, hcp.tobytes().hex(), psfen.tobytes().hex()))
        else:
            self.out.write("m %s %04x %08x\n" % (usi, m16, fnv32(hcp.tobytes() + psfen.tobytes())))


def both_kings(sfen):
    board = sfen.split()[0]
    return board.count("K") == 1 and board.count("k") == 1


def random_play(w, rng, sfen, plies):
    board = cshogi.Board(sfen)
    w.out.write("s %s\n" % board.sfen())
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            w.position(board, None)
            return
        move = rng.choice(moves)
        w.position(board, move)
        board.push(move)


def record_play(w, sfen, moves):
    board = cshogi.Board(sfen)
    w.out.write("s %s\n" % board.sfen())
    for move in moves:
        if not board.is_legal(move):
            return
        w.position(board, move)
        board.push(move)


def sfen_lines(path):
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 4 and fields[0].count("/") == 8 and fields[1] in ("b", "w"):
                yield " ".join(fields[:4])


def main():
    rng = random.Random(SEED)
    w = Writer(sys.stdout)
    sys.stdout.write("# cshogi 1.1.0 output oracle: scripts/training-oracle.py (seed %d)\n" % SEED)
    # Random games from the start.
    for _ in range(400):
        random_play(w, rng, cshogi.STARTING_SFEN, 200)
    # Short random continuations of the positions of the SFEN data (fewer
    # pieces than the set in many: the piece box).
    sources = [
        ("sfen/nshogi/mate-1-ply.txt", None),
        ("sfen/nshogi/no-mate-1-ply.txt", None),
        ("sfen/nshogi/legal-check-examples.txt", 4000),
        ("sfen/nshogi/legal-move-examples.txt", 4000),
    ]
    for name, limit in sources:
        sfens = [s for s in sfen_lines(os.path.join(ROOT, "tests/data", name)) if both_kings(s)]
        for sfen in sfens[:limit]:
            try:
                cshogi.Board(sfen)
            except Exception:
                continue
            random_play(w, rng, sfen, 4)
    # The games of the record corpus.
    for path in sorted(glob.glob(os.path.join(ROOT, "tests/data/corpus/csa/**/*.csa"), recursive=True)):
        try:
            parsers = cshogi.CSA.Parser.parse_file(path)
        except Exception:
            continue
        for p in parsers:
            if both_kings(p.sfen):
                record_play(w, p.sfen, p.moves)
    for path in sorted(glob.glob(os.path.join(ROOT, "tests/data/corpus/kif/**/*.kif"), recursive=True)):
        try:
            p = cshogi.KIF.Parser.parse_file(path)
        except Exception:
            continue
        if both_kings(p.sfen):
            record_play(w, p.sfen, p.moves)
    sys.stderr.write("%d positions\n" % w.count)


if __name__ == "__main__":
    main()
