"""Repeated calls do not grow memory.

Each test warms up, reads the resident set size, repeats the call many
times and reads it again. The bound is generous (a few MB, far more than
allocator noise) yet small against what a leak of even a few bytes per call
would add over 10^4-10^5 calls: e.g. 100,000 legal-move lists of 30 moves
leaking one 32-byte object each would be 3 MB, one leaked list per call
(~300 bytes) 30 MB.
"""

from __future__ import annotations

import gc
import os
import sys

import pytest

from conftest import CORPUS, MATSURI_SFEN
from shogi_rules import Game, IllegalMoveError, Move, Position, RecordError, SfenError, read_record

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")

PAGE = os.sysconf("SC_PAGE_SIZE")
MB = 1 << 20


def rss() -> int:
    gc.collect()
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def growth(action, repeats, warmup=None):
    for _ in range(warmup if warmup is not None else max(1, repeats // 10)):
        action()
    before = rss()
    for _ in range(repeats):
        action()
    return rss() - before


def test_legal_move_lists():
    pos = Position.from_sfen(MATSURI_SFEN)
    start = Position()

    def action():
        pos.legal_moves
        start.legal_moves
        start.legal_moves_usi()

    assert growth(action, 50_000) < 4 * MB


def test_play_and_queries():
    pos = Position()
    m = Move.from_usi("7g7f", pos)

    def action():
        after = pos.play(m)
        after.sfen()
        after.in_check()
        hash(after)
        m.japanese(pos)

    assert growth(action, 100_000) < 4 * MB


def test_sfen_parsing():
    def action():
        Position.from_sfen(MATSURI_SFEN).sfen()

    assert growth(action, 100_000) < 4 * MB


def test_game_push_pop():
    game = Game()

    def action():
        game.push("7g7f")
        game.pop()

    assert growth(action, 100_000) < 4 * MB


def test_record_reads():
    data = (CORPUS / "kif" / "kifu-for-js" / "ryuou201409020101.kif").read_bytes()
    path = CORPUS / "csa" / "kifu-for-js" / "8mai.csa"

    def action():
        read_record(data).game()
        read_record(path)

    assert growth(action, 5_000, warmup=200) < 6 * MB


def test_exceptions_raised_and_caught():
    pos = Position()

    def action():
        try:
            pos.play("7g7e")
        except IllegalMoveError as e:
            assert e.reason
        try:
            Position.from_sfen("lnsgkgsnl/9/9 b - 1")
        except SfenError:
            pass
        try:
            read_record("手合割：平手\n▲７六歩　△７五歩\n")
        except RecordError as e:
            assert e.line == 2

    assert growth(action, 40_000) < 4 * MB
