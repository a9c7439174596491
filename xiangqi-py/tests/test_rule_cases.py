"""Every single-position case and every game of ``xiangqi-rules/tests/data/cases.json``."""

from __future__ import annotations

import pytest

from conftest import CASES
from xiangqi_rules import Color, Game, IllegalMoveError, Move, Position, RuleSet, parse_square

SINGLE = CASES["cases"]
GAMES = CASES["games"]

# The data's names of the game endings that the package names otherwise.
TERMINATIONS = {"ply_limit": "move_limit"}


def test_the_data_holds_every_kind():
    kinds = {c["kind"] for c in SINGLE}
    assert kinds == set(CASES["kinds"])
    assert len(SINGLE) == 72 and len(GAMES) == 11


def test_reason_names_are_the_package_names():
    # Every reason the data uses is one IllegalMoveError.reason gives.
    used = {c["reason"] for c in SINGLE if c["kind"] == "illegal"}
    assert used == set(CASES["reasons"])


@pytest.mark.parametrize("case", SINGLE, ids=[c["name"] for c in SINGLE])
def test_single_position_case(case):
    pos = Position(case["fen"])
    assert len(pos.legal_moves) == pos.count_legal_moves() == case["legal_move_count"]
    kind = case["kind"]
    if kind == "legal":
        assert pos.illegal_reason(case["move"]) is None
        assert case["move"] in pos.legal_moves
        after = pos.play(case["move"])
        assert after.turn != pos.turn
        m = Move.from_iccs(case["move"], pos)
        assert pos.play(m) == after
    elif kind == "illegal":
        assert pos.illegal_reason(case["move"]) == case["reason"]
        assert case["move"] not in pos.legal_moves
        with pytest.raises(IllegalMoveError) as e:
            pos.play(case["move"])
        assert e.value.reason == case["reason"]
        assert e.value.move == case["move"]
        game = Game(pos)
        if game.outcome is None:  # not drawn at once by bare material
            with pytest.raises(IllegalMoveError):
                game.push(case["move"])
            assert len(game) == 0
    elif kind == "in_check":
        assert pos.is_check() == case["expected"]
        assert sorted(pos.checkers()) == sorted(parse_square(s) for s in case["checkers"])
    elif kind == "legal_moves":
        assert sorted(pos.legal_moves.iccs()) == sorted(case["moves"])
    elif kind in ("checkmate", "no_legal_moves"):
        assert pos.is_checkmate() == (kind == "checkmate")
        assert pos.is_check() == (kind == "checkmate")
        assert not pos.has_legal_moves()
        assert pos.turn == Color(case["loser"])
        # A game set up from it is over at once: the side to move loses.
        outcome = Game(pos).outcome
        assert outcome is not None
        assert outcome.termination == kind
        assert outcome.loser == Color(case["loser"])
    elif kind == "bare_material_draw":
        assert pos.is_bare_material() == case["expected"]
        outcome = Game(pos).outcome
        if case["expected"]:
            assert outcome is not None and outcome.termination == "bare_material"
            assert outcome.result() == "1/2-1/2"
        else:
            assert outcome is None or outcome.termination != "bare_material"
    else:
        pytest.fail(f"unknown kind {kind!r}")


@pytest.mark.parametrize("case", GAMES, ids=[g["name"] for g in GAMES])
def test_game(case):
    game = Game(case["fen"], RuleSet())
    expected = case["expected"]
    outcomes = [game.push(m) for m in case["moves"]]
    assert game.position.fen() == case["final_fen"]
    assert len(game) == len(case["moves"])
    assert game.moves_iccs() == case["moves"]
    if expected is None:
        assert game.outcome is None and not game.is_game_over()
        assert all(o is None for o in outcomes)
        return
    outcome = game.outcome
    assert outcome is not None and game.is_game_over()
    assert outcomes[-1] == outcome and all(o is None for o in outcomes[:-1])
    assert len(game) == expected["end_ply"]
    assert outcome.result() == expected["result"]
    assert outcome.termination == TERMINATIONS.get(expected["reason"], expected["reason"])
    if "loser" in expected:
        assert outcome.loser == Color(expected["loser"])
    else:
        assert outcome.winner is None
    assert len(game.legal_moves) == 0
    # The move that ended the game is taken back with its ending.
    last = game.pop()
    assert last.iccs() == case["moves"][-1]
    assert game.outcome is None
    assert game.push(last) == outcome
