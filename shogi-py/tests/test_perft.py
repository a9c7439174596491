"""Perft conformance through the Python API: the counts of ``tests/data/perft``.

Every count of ``fast.perft`` is checked with the native ``Position.perft``
(well under a second in all); ``slow.perft`` contributes its counts up to
``SLOW_NODE_CAP`` leaves (a few seconds). A few positions are also counted move by move from Python
(``play`` + ``perft`` of each child, and a Python-level recursion over
``legal_moves``), which checks that the two paths agree.
"""

from __future__ import annotations

import pickle

import pytest

from conftest import load_perft
from shogi_rules import Position, SfenError

# Largest count of slow.perft checked: 3 positions, about 4 s on a loaded 2-core machine.
SLOW_NODE_CAP = 250_000_000

FAST = load_perft("fast.perft")
SLOW = load_perft("slow.perft")


def test_fast_file_has_every_position():
    assert len(FAST) == 308
    assert {r.id for r in FAST} >= {"startpos", "matsuri", "max593"}


@pytest.mark.parametrize("record", [r for r in FAST if not r.unvalidated], ids=lambda r: r.id)
def test_fast_perft(record):
    pos = Position.from_sfen(record.sfen)
    for depth, nodes in record.counts:
        assert pos.perft(depth) == nodes, f"{record.id} perft({depth})"


@pytest.mark.parametrize(
    "record", [r for r in SLOW if not r.unvalidated and r.counts[0][1] <= SLOW_NODE_CAP], ids=lambda r: r.id
)
def test_slow_perft_smallest_counts(record):
    pos = Position.from_sfen(record.sfen)
    for depth, nodes in record.counts:
        if nodes <= SLOW_NODE_CAP:
            assert pos.perft(depth) == nodes, f"{record.id} perft({depth})"


def test_slow_file_has_positions_under_the_cap():
    assert len([r for r in SLOW if not r.unvalidated and r.counts[0][1] <= SLOW_NODE_CAP]) == 3


def test_unvalidated_positions_are_rejected_unless_any_setup_is_asked_for():
    unvalidated = [r for r in FAST if r.unvalidated]
    assert [r.id for r in unvalidated] == ["peeper_check"]
    for r in unvalidated + [r for r in SLOW if r.unvalidated]:
        for setup in ("legal", "composed"):
            with pytest.raises(SfenError) as e:
                Position.from_sfen(r.sfen, setup=setup)
            assert e.value.column is None  # a setup error, not a syntax error
    for r in unvalidated:
        pos = Position.from_sfen(r.sfen, setup="any")
        assert pickle.loads(pickle.dumps(pos)) == pos
        for depth, nodes in r.counts:
            if nodes <= SLOW_NODE_CAP:
                assert pos.perft(depth) == nodes, f"{r.id} perft({depth})"


def test_perft_deeper_than_any_count_could_reach_is_refused():
    pos = Position()
    for call in (pos.perft, pos.perft_divide):
        with pytest.raises(ValueError, match="the limit is 64"):
            call(1_000_000)


def test_perft_depth_zero_and_one():
    pos = Position()
    assert pos.perft(0) == 1
    assert pos.perft(1) == len(pos.legal_moves) == 30


def divide(pos, depth):
    return {m.usi(): pos.play(m).perft(depth - 1) for m in pos.legal_moves}


def python_perft(pos, depth):
    moves = pos.legal_moves
    if depth == 1:
        return len(moves)
    return sum(python_perft(pos.play(m), depth - 1) for m in moves)


@pytest.mark.parametrize("name,depth", [("startpos", 3), ("matsuri", 2), ("max593", 2), ("gentest-8", 2)])
def test_divide_agrees_with_native_perft(name, depth):
    record = next(r for r in FAST if r.id == name)
    pos = Position.from_sfen(record.sfen)
    expected = dict(record.counts)[depth]
    parts = divide(pos, depth)
    assert len(parts) == len(pos.legal_moves)
    assert sum(parts.values()) == expected


@pytest.mark.parametrize("name,depth", [("startpos", 2), ("matsuri", 2), ("gentest-21", 2)])
def test_python_recursion_agrees(name, depth):
    record = next(r for r in FAST if r.id == name)
    pos = Position.from_sfen(record.sfen)
    assert python_perft(pos, depth) == dict(record.counts)[depth]
