"""Games: moves pushed and popped, the endings the players make, the rules."""

from __future__ import annotations

import pytest

from conftest import START_FEN
from xiangqi_rules import Color, Game, GameOverError, Move, MoveList, Outcome, Position, RuleSet

MATE_FEN = "3aka3/9/2n6/p1p3p1p/9/4C4/P1P3P1P/1C7/9/3K5 b - - 0 1"


def test_push_pop_peek():
    game = Game()
    assert len(game) == 0 and game.outcome is None and not game.is_game_over()
    assert game.start == Position() == game.position
    assert len(game.legal_moves) == 44
    assert game.push("h2e2") is None
    m = game.push_iccs("h9g7")
    assert isinstance(m, Move) and m.iccs() == "h9g7"
    code = Move.from_iccs("h0g2", game.position).bits
    assert game.push(code) is None
    assert len(game) == 3
    assert game.moves_iccs() == ["h2e2", "h9g7", "h0g2"]
    assert isinstance(game.moves, MoveList) and game.moves.iccs() == game.moves_iccs()
    assert game.checks() == [False, False, False]
    assert game.peek().iccs() == "h0g2"
    assert game.pop().iccs() == "h0g2"
    assert len(game) == 2 and game.position.turn == Color.RED
    assert game.occurrences() == 1
    assert game.start.fen() == START_FEN
    assert "2 moves, ongoing" in repr(game)
    assert str(game) == str(game.position)


def test_checkmate_ends_the_game():
    game = Game(MATE_FEN)
    assert game.push("a6a5") is None
    outcome = game.push("b2e2")
    assert outcome == Outcome(Color.RED, "checkmate") == game.outcome
    assert outcome.result() == "1-0" and outcome.winner == Color.RED and outcome.loser == Color.BLACK
    assert game.is_game_over() and game.is_check()
    assert game.checks() == [False, True]
    assert len(game.legal_moves) == 0
    with pytest.raises(GameOverError):
        game.push("e9e8")
    # Taking the mate back reopens the game.
    assert game.pop().iccs() == "b2e2"
    assert game.outcome is None


def test_player_endings():
    game = Game()
    assert game.resign() == Outcome(Color.BLACK, "resignation")  # Red, to move, resigns
    game = Game()
    assert game.resign("black") == Outcome("red", "resignation")
    game = Game()
    assert game.time_out(Color.RED).result() == "0-1"
    assert game.outcome == Outcome(Color.BLACK, "timeout")
    game = Game()
    game.push("h2e2")
    draw = game.agree_draw()
    assert draw == Outcome(None, "draw_agreement") and draw.result() == "1/2-1/2"
    assert draw.winner is None and draw.loser is None
    assert repr(draw) == "Outcome(None, 'draw_agreement')"


def test_repetition_under_other_rules():
    moves = ["a8a9", "d9d8", "a9a8", "d8d9"] * 2
    fen = "3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1"
    game = Game(fen)
    for m in moves:
        game.push(m)
    assert game.outcome == Outcome(Color.BLACK, "perpetual_check")
    game = Game(Position(fen), RuleSet(perpetual_check_loses=False))
    for m in moves:
        game.push(m)
    assert game.outcome == Outcome(None, "repetition")
    game = Game(fen, RuleSet(repetitions=4))
    for m in moves:
        game.push(m)
    assert game.outcome is None and game.occurrences() == 3


def test_rule_set():
    rules = RuleSet()
    assert (rules.repetitions, rules.perpetual_check_loses, rules.move_limit, rules.bare_material_draw) == (
        3,
        True,
        300,
        True,
    )
    assert RuleSet(move_limit=0) != rules and RuleSet(move_limit=300) == rules
    assert hash(RuleSet()) == hash(rules)
    assert repr(rules) == "RuleSet(repetitions=3, perpetual_check_loses=True, move_limit=300, bare_material_draw=True)"
    assert Game(rules=RuleSet(move_limit=2)).rules.move_limit == 2
    game = Game(rules=RuleSet(move_limit=2))
    game.push("h2e2")
    assert game.push("h9g7") == Outcome(None, "move_limit")


def test_bare_material_game_is_over_at_once():
    game = Game("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1")
    assert game.outcome == Outcome(None, "bare_material")
    game = Game("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", RuleSet(bare_material_draw=False))
    assert game.outcome is None


def test_games_compare_by_value():
    a, b = Game(), Game()
    assert a == b and a == a
    a.push("h2e2")
    assert a != b
    b.push("h2e2")
    assert a == b
    assert a != "game"
    with pytest.raises(TypeError):
        hash(a)
