"""Rule cases of ``tests/data/cases.json`` through the Python API.

Position-level kinds (as in the Rust ``rule_cases`` test):

* ``move_legal``: the USI move is legal, or illegal with exactly the expected
  reason; ``is_legal``, ``illegal_reason``, ``play`` (``IllegalMoveError.reason``)
  and ``legal_moves()`` must all agree;
* ``legal_moves_count``, ``is_checkmate``, ``in_check``;
* ``promotion_options``: ``must`` / ``may`` / ``never`` from
  ``Position.promotion_options``, and the legality of the promoting and
  non-promoting moves agrees.

Game-level entries: every ``sequences`` entry (repetition, perpetual check)
is replayed in a ``Game`` and must end exactly on its last move with the
expected outcome; every ``impasse`` case gives the expected
``impasse_status()`` and ``declare_impasse()`` result.

A case with ``derived_from`` must be reachable from its source position.
The number of cases run per kind is checked so that nothing is skipped.
"""

from __future__ import annotations

from collections import Counter

import pytest

from conftest import load_cases
from shogi_rules import Game, IllegalMoveError, Move, Position, ShogiError

DATA = load_cases()
CASES = DATA["cases"]
EXPECTED_KINDS = {
    "move_legal": 49,
    "legal_moves_count": 5,
    "is_checkmate": 4,
    "in_check": 2,
    "promotion_options": 11,
    "impasse": 9,
}


def by_kind(kind):
    return [c for c in CASES if c["kind"] == kind]


def test_case_counts():
    assert Counter(c["kind"] for c in CASES) == EXPECTED_KINDS
    assert len(DATA["sequences"]) == 12


def outcome_of_play(pos: Position, usi: str):
    """None when `usi` is legal, else the reason of the IllegalMoveError."""
    try:
        after = pos.play(usi)
    except IllegalMoveError as e:
        assert isinstance(e.reason, str), f"{usi}: reason {e.reason!r}"
        return e.reason
    assert isinstance(after, Position)
    return None


def check_move(pos: Position, usi: str, expected_reason):
    got = outcome_of_play(pos, usi)
    assert got == expected_reason, f"{usi}: play gives {got!r}, expected {expected_reason!r}"
    generated = usi in {m.usi() for m in pos.legal_moves}
    assert generated == (expected_reason is None), f"{usi}: legal_moves() {'contains' if generated else 'lacks'} it"
    if expected_reason is None:
        m = Move.from_usi(usi, pos)
        assert pos.is_legal(m)
        assert pos.illegal_reason(m) is None
    else:
        # The move is well formed: a Move object can be asked about without playing it.
        assert pos.is_legal(usi) is False
        assert pos.illegal_reason(usi) == expected_reason


def check_derivation(case, pos):
    derived = case.get("derived_from")
    if derived is None:
        return
    replay = Position.from_sfen(derived["sfen"])
    for usi in derived["moves"]:
        replay = replay.play(usi)
    assert replay == pos, f"derived_from gives {replay.sfen()}, the case says {pos.sfen()}"


@pytest.mark.parametrize("case", by_kind("move_legal"), ids=lambda c: c["name"])
def test_move_legal(case):
    pos = Position.from_sfen(case["sfen"])
    check_derivation(case, pos)
    reason = None if case["expect"] else case["reason"]
    if reason is not None:
        assert reason in DATA["move_legal_reasons"]
    check_move(pos, case["move"], reason)


@pytest.mark.parametrize("case", by_kind("legal_moves_count"), ids=lambda c: c["name"])
def test_legal_moves_count(case):
    pos = Position.from_sfen(case["sfen"])
    check_derivation(case, pos)
    moves = pos.legal_moves
    assert len(moves) == case["expect"]
    assert len(set(moves)) == len(moves), "duplicate moves"
    assert pos.perft(1) == case["expect"]


@pytest.mark.parametrize("case", by_kind("is_checkmate"), ids=lambda c: c["name"])
def test_is_checkmate(case):
    pos = Position.from_sfen(case["sfen"])
    check_derivation(case, pos)
    assert pos.is_checkmate() == case["expect"]
    if case["expect"]:
        assert pos.in_check() and not pos.legal_moves


@pytest.mark.parametrize("case", by_kind("in_check"), ids=lambda c: c["name"])
def test_in_check(case):
    pos = Position.from_sfen(case["sfen"])
    check_derivation(case, pos)
    assert pos.in_check() == case["expect"]


@pytest.mark.parametrize("case", by_kind("promotion_options"), ids=lambda c: c["name"])
def test_promotion_options(case):
    pos = Position.from_sfen(case["sfen"])
    check_derivation(case, pos)
    plain, promoted = {
        "must": ("must_promote", None),
        "may": (None, None),
        "never": (None, "cannot_promote"),
    }[case["expect"]]
    move = case["move"]
    assert pos.promotion_options(move[:2], move[2:4]) == case["expect"]
    check_move(pos, move, plain)
    check_move(pos, move + "+", promoted)


# ---------------------------------------------------------------------------
# Game-level entries


def expected_outcome(expect):
    return {
        "draw": (None, "repetition"),
        "sente_loses_perpetual": ("gote", "perpetual_check"),
        "gote_loses_perpetual": ("sente", "perpetual_check"),
        "ongoing": None,
    }[expect]


def describe(outcome):
    if outcome is None:
        return None
    winner = None if outcome.winner is None else str(outcome.winner)
    return (winner, str(outcome.termination))


@pytest.mark.parametrize("seq", DATA["sequences"], ids=lambda s: s["name"])
def test_sequence(seq):
    game = Game(Position.from_sfen(seq["start_sfen"]))
    for ply, usi in enumerate(seq["moves"], 1):
        assert game.outcome is None, f"ended before ply {ply}: {game.outcome!r}"
        game.push(usi)
    assert describe(game.outcome) == expected_outcome(seq["expect"])
    replay = Position.from_sfen(seq["start_sfen"])
    for usi in seq["moves"]:
        replay = replay.play(usi)
    assert game.position == replay
    assert [m.usi() for m in game.moves] == seq["moves"]


def points24(sfen: str) -> tuple[int, int]:
    """The 24-point count from the SFEN: majors 5, other pieces 1, kings 0."""
    board, _, hands = sfen.split()[:3]
    counts = [0, 0]
    for ch in board.replace("+", ""):
        if ch.isalpha() and ch.lower() != "k":
            counts[0 if ch.isupper() else 1] += 5 if ch.lower() in "rb" else 1
    if hands != "-":
        n = ""
        for ch in hands:
            if ch.isdigit():
                n += ch
                continue
            counts[0 if ch.isupper() else 1] += int(n or 1) * (5 if ch.lower() in "rb" else 1)
            n = ""
    return counts[0], counts[1]


@pytest.mark.parametrize("case", by_kind("impasse"), ids=lambda c: c["name"])
def test_impasse_case(case):
    game = Game(Position.from_sfen(case["sfen"]))
    status = game.impasse_status()
    assert (status.sente_points, status.gote_points) == points24(case["sfen"])
    if case["expect"] == "not_allowed":
        assert not status.allowed
        assert status.reason == case["reason"]
        assert status.result is None
        with pytest.raises(ShogiError) as info:
            game.declare_impasse()
        assert info.value.reason == case["reason"]
        assert game.outcome is None
        assert game.position == Position.from_sfen(case["sfen"])
        return
    winner = {"sente_wins": "sente", "gote_wins": "gote", "draw": None}[case["expect"]]
    assert status.allowed and status.reason is None
    assert describe(status.result) == (winner, "impasse")
    outcome = game.declare_impasse()
    assert describe(outcome) == (winner, "impasse")
    assert game.outcome == outcome
