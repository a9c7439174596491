"""Move notations: the vector table ``tests/data/notation.csv`` in both directions.

Columns: ``sfen``, ``previous`` (the move played before, USI; only its
destination matters, for 同), ``usi``, ``western``, ``japanese`` (KI2 form with
▲/△), ``kif``, ``csa``, ``source``. Every row is formatted and parsed back in
every notation, with every Japanese side mark; then every legal move of a few
positions and random playouts round-trips in every notation, and no two legal
moves share a text.
"""

from __future__ import annotations

import csv
import random

import pytest

from conftest import DATA, MATSURI_SFEN, START_SFEN
from shogi_rules import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move, Position

MARKS = {"triangle": ("▲", "△"), "piece": ("☗", "☖"), "none": ("", "")}


def table():
    with open(DATA / "notation.csv", encoding="utf-8", newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        assert header == ["sfen", "previous", "usi", "western", "japanese", "kif", "csa", "source"]
        rows = []
        for line, fields in enumerate(reader, 2):
            if not fields:
                continue
            assert len(fields) == 8, f"line {line}: {fields}"
            rows.append((line, *fields))
    return rows


ROWS = table()


def move_to(usi_previous: str) -> Move:
    """A move ending on the destination of `usi_previous` (a gold drop there, in a
    position made for it): the notations use the previous move only for its
    destination."""
    to = usi_previous[2:4]
    assert len(to) == 2
    for kings in (("9a", "1i"), ("1a", "9i")):
        if to not in kings:
            break
    board = []
    for rank in "abcdefghi":
        row, empty = "", 0
        for file in range(9, 0, -1):
            sq = f"{file}{rank}"
            piece = "k" if sq == kings[0] else "K" if sq == kings[1] else None
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        if empty:
            row += str(empty)
        board.append(row)
    pos = Position.from_sfen("/".join(board) + " b G 1")
    return Move.from_usi(f"G*{to}", pos)


def with_mark(japanese: str, mark: str, sente: bool) -> str:
    symbol = MARKS[mark][0 if sente else 1]
    return symbol + japanese[1:]


def test_table_is_large():
    assert len(ROWS) >= 200


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"line{r[0]}")
def test_row(row):
    line, sfen, previous, usi, western, japanese, kif, csa_text, _source = row
    pos = Position.from_sfen(sfen)
    prev = move_to(previous) if previous else None
    m = Move.from_usi(usi, pos)
    assert m.usi() == usi
    sente = str(pos.turn) == "sente"
    assert japanese[0] == ("▲" if sente else "△")
    # Formatting.
    assert m.western(pos) == western
    assert m.japanese(pos, prev) == japanese
    assert m.japanese(pos, previous=prev) == japanese
    for mark in MARKS:
        assert m.japanese(pos, prev, mark) == with_mark(japanese, mark, sente)
    assert m.kif(prev) == kif
    assert m.csa(pos) == csa_text
    # Parsing.
    assert Move.from_western(western, pos) == m
    for mark in MARKS:
        assert Move.from_japanese(with_mark(japanese, mark, sente), pos, prev) == m
    assert Move.from_japanese(kif, pos, prev) == m
    assert Move.from_csa(csa_text, pos) == m


STARTS = [
    START_SFEN,
    MATSURI_SFEN,
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
]


def check_all_moves(pos, previous):
    texts = [set() for _ in range(5)]
    for m in pos.legal_moves:
        w = m.western(pos)
        j = m.japanese(pos, previous)
        plain = m.japanese(pos, previous, "none")
        k = m.kif(previous)
        c = m.csa(pos)
        assert Move.from_western(w, pos) == m, (w, pos.sfen())
        assert Move.from_japanese(j, pos, previous) == m, (j, pos.sfen())
        assert Move.from_japanese(plain, pos, previous) == m, (plain, pos.sfen())
        assert Move.from_japanese(k, pos, previous) == m, (k, pos.sfen())
        assert Move.from_csa(c, pos) == m, (c, pos.sfen())
        assert Move.from_usi(m.usi(), pos) == m
        for seen, text in zip(texts, (w, j, plain, k, c)):
            assert text not in seen, f"two legal moves are written {text} at {pos.sfen()}"
            seen.add(text)


@pytest.mark.parametrize("start", STARTS)
def test_every_legal_move_round_trips_along_playouts(start):
    rng = random.Random(start)
    pos = Position.from_sfen(start)
    previous = None
    for _ in range(40):
        check_all_moves(pos, previous)
        moves = pos.legal_moves
        if not moves:
            break
        previous = rng.choice(moves)
        pos = pos.play(previous)


def test_parser_errors():
    pos = Position()
    with pytest.raises(InvalidMoveError) as e:
        Move.from_western("P-7j", pos)
    assert e.value.column == 4
    with pytest.raises(AmbiguousMoveError) as e:
        Move.from_western("G-5h", pos)
    assert sorted(m.usi() for m in e.value.candidates) == ["4i5h", "6i5h"]
    with pytest.raises(AmbiguousMoveError):
        Move.from_japanese("▲５八金", pos)
    with pytest.raises(IllegalMoveError) as e:
        Move.from_japanese("７五歩(77)", pos)
    assert e.value.reason == "not_a_piece_move"
    with pytest.raises(InvalidMoveError) as e:
        Move.from_japanese("▲７六", pos)
    assert e.value.column == 4
    with pytest.raises(InvalidMoveError):
        Move.from_japanese("▲同　歩", pos)
    with pytest.raises(IllegalMoveError) as e:
        Move.from_csa("+0055KA", pos)
    assert e.value.reason == "not_in_hand"
    with pytest.raises(InvalidMoveError) as e:
        Move.from_csa("+7X76FU", pos)
    assert e.value.column == 2
    with pytest.raises(IllegalMoveError):
        Move.from_csa("-3334FU", pos)  # Gote's move on Sente's turn
    with pytest.raises(InvalidMoveError):
        Move.from_csa("", pos)
    # Every parser error is a ValueError.
    with pytest.raises(ValueError):
        Move.from_western("Q-7f", pos)
