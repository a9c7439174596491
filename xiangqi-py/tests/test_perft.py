"""Perft counts of ``xiangqi-rules/tests/data/perft.json`` (small depths), perft_divide, and
perft from several threads at once (it runs without the GIL)."""

from __future__ import annotations

import threading

import pytest

from conftest import PERFT
from xiangqi_rules import Position

# Counts up to this many leaves are checked (a few seconds in all).
MAX_NODES = 200_000

POSITIONS = PERFT["positions"]


def expected_counts(entry: dict) -> dict[int, int]:
    """The agreed counts of a position: the published ones, else the engine's."""
    counts: dict[int, int] = {}
    for source in ("fairy_stockfish_11_1", "pyffish_0_0_90", "published"):
        for depth, n in entry.get(source, {}).items():
            counts.setdefault(int(depth), n)
            assert counts[int(depth)] == n, (entry["name"], source, depth)
    return counts


CHECKS = [
    (e["name"], e["fen"], depth, n)
    for e in POSITIONS
    for depth, n in sorted(expected_counts(e).items())
    if n <= MAX_NODES
]


def test_every_position_is_checked():
    assert {name for name, *_ in CHECKS} == {e["name"] for e in POSITIONS}


@pytest.mark.parametrize("name,fen,depth,nodes", CHECKS, ids=[f"{c[0]}-{c[2]}" for c in CHECKS])
def test_perft(name, fen, depth, nodes):
    pos = Position(fen)
    assert pos.perft(depth) == nodes
    if depth == 1:
        assert len(pos.legal_moves) == nodes


def test_perft_divide():
    pos = Position()
    divided = pos.perft_divide(2)
    assert len(divided) == 44
    assert sum(divided.values()) == pos.perft(2) == 1920
    assert set(divided) == set(pos.legal_moves.iccs())
    assert divided["h2e2"] == pos.play("h2e2").perft(1)
    assert pos.perft_divide(0) == {}
    assert pos.perft(0) == 1


def test_perft_depth_limit():
    with pytest.raises(ValueError):
        Position().perft(33)
    with pytest.raises(ValueError):
        Position().perft_divide(33)
    with pytest.raises(OverflowError):
        Position().perft(-1)


def test_perft_from_several_threads():
    pos = Position()
    results: list[int] = []
    errors: list[BaseException] = []

    def count() -> None:
        try:
            results.append(pos.perft(3))
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=count) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert results == [79666] * 4
